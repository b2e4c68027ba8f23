import { Menu } from '@mantine/core';
import { setOffer, useInstallOffer } from './pwa-install-prompt';

/** "Install app" in the user menu, shown only where the browser offers to install. */
export function InstallAppMenuItem() {
  const current = useInstallOffer();
  if (!current) return null;
  return (
    <Menu.Item
      onClick={() => {
        void current.prompt().then(async () => {
          await current.userChoice;
          setOffer(undefined);
        });
      }}
    >
      Install app
    </Menu.Item>
  );
}
