import { notifications } from '@mantine/notifications';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';

/** A refusal for a named field goes under that field; anything else is a toast. */
export function showServerError(
  error: unknown,
  setFieldError: (field: string, message: string) => void,
  fields: readonly string[],
): void {
  if (isApiError(error) && error.field && fields.includes(error.field)) {
    setFieldError(error.field, error.message);
    return;
  }
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
  });
}
