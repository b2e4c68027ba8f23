import { notifications } from '@mantine/notifications';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';

/** A failed call as a red toast, in the server's (the spec's) words. */
export const showError = (error: unknown) =>
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
  });

export const showDone = (message: string) => notifications.show({ color: 'teal', message });

export { serverError } from '../../../ui/form-server-error';
