import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../domain/limits';

export type ToastKind = 'success' | 'error';

export interface ToastOptions {
  kind: ToastKind;
  message: string;
  title?: string;
}

let counter = 0;

/**
 * Shows a toast (spec section 1): success or error, hidden by itself after 5 seconds, closed by a
 * click anywhere on it (the close button stays for keyboard users). Errors are announced
 * assertively, successes politely. Returns the toast's id.
 */
export function showToast({ kind, message, title }: ToastOptions): string {
  counter += 1;
  const id = `toast-${Date.now().toString(36)}-${counter.toString()}`;
  notifications.show({
    id,
    title,
    message,
    color: kind === 'success' ? 'teal' : 'red',
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    role: kind === 'error' ? 'alert' : 'status',
    style: { cursor: 'pointer' },
    onClick: () => {
      notifications.hide(id);
    },
  });
  return id;
}

export function showSuccessToast(message: string, title?: string): string {
  return showToast({ kind: 'success', message, title });
}

export function showErrorToast(message: string, title?: string): string {
  return showToast({ kind: 'error', message, title });
}
