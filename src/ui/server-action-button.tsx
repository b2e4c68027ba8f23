import {
  Button,
  CloseButton,
  Menu,
  Tooltip,
  type ButtonProps,
  type CloseButtonProps,
  type ElementProps,
  type MenuItemProps,
} from '@mantine/core';
import type { MouseEvent, ReactElement } from 'react';
import { OFFLINE_ACTION_HINT, useIsOnline } from '../offline/online-status';

/**
 * Controls for actions that need the server (they save, change or delete). Online each is the
 * plain Mantine control. Offline it is turned off and says why instead of failing on click
 * (issue 9).
 *
 * Offline they follow Mantine's "disabled button with Tooltip" recipe, not the native `disabled`
 * attribute: a natively disabled control gets no pointer or focus events, so neither a mouse nor a
 * keyboard user could reach the explanation. It is `aria-disabled` and `data-disabled` (Mantine's
 * disabled look) and cancels its click, which also cancels a form's submit (the implicit one from
 * Enter in a field too). The reason shows as a tooltip on hover and on focus (then also linked by
 * aria-describedby) and is the control's `aria-description` for screen readers. No hidden copy of
 * the text sits in the page: "You are offline" stays the banner's text only.
 */
const offlineProps = {
  'data-disabled': true,
  'aria-disabled': true,
  'aria-description': OFFLINE_ACTION_HINT,
  onClick: (event: MouseEvent) => event.preventDefault(),
} as const;

function OfflineHint({ children }: { children: ReactElement }) {
  return (
    <Tooltip
      label={OFFLINE_ACTION_HINT}
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </Tooltip>
  );
}

export type ServerActionButtonProps = ButtonProps & ElementProps<'button', keyof ButtonProps>;

export function ServerActionButton({ onClick, disabled, ...props }: ServerActionButtonProps) {
  const isOnline = useIsOnline();
  if (isOnline) return <Button {...props} disabled={disabled} onClick={onClick} />;
  return (
    <OfflineHint>
      <Button {...props} {...offlineProps} />
    </OfflineHint>
  );
}

/** A row menu's item that calls the server itself (resend, restore, delete...). */
export function ServerActionMenuItem({
  onClick,
  ...props
}: MenuItemProps & ElementProps<'button', keyof MenuItemProps>) {
  const isOnline = useIsOnline();
  if (isOnline) return <Menu.Item {...props} onClick={onClick} />;
  return (
    <OfflineHint>
      <Menu.Item {...props} {...offlineProps} closeMenuOnClick={false} />
    </OfflineHint>
  );
}

/** A small "remove" cross that calls the server (e.g. a team member's). */
export function ServerActionCloseButton({
  onClick,
  ...props
}: CloseButtonProps & ElementProps<'button', keyof CloseButtonProps>) {
  const isOnline = useIsOnline();
  if (isOnline) return <CloseButton {...props} onClick={onClick} />;
  return (
    <OfflineHint>
      <CloseButton {...props} {...offlineProps} />
    </OfflineHint>
  );
}
