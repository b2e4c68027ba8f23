import { notifications } from '@mantine/notifications';

export const toastOk = (message: string) => {
  notifications.show({ color: 'teal', message });
};
