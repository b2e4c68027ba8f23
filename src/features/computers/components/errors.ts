import { notifications } from '@mantine/notifications';
import { errorCodes } from '../../../domain/api/envelope';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';

/** A failed call as a red toast, in the server's (the spec's) words. */
export const showError = (error: unknown) =>
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
  });

export const showDone = (message: string) => notifications.show({ color: 'teal', message });

/**
 * Where a failed call's message goes: under the field the server named (VALIDATION_FAILED with a
 * field this form has), otherwise in the form's alert.
 */
export function serverError(
  error: unknown,
  fields: readonly string[],
): { field: string | null; message: string } {
  if (!isApiError(error)) return { field: null, message: GENERIC_ERROR_TEXT };
  const isFieldError =
    error.description === errorCodes.VALIDATION_FAILED &&
    error.field !== undefined &&
    fields.includes(error.field);
  return { field: isFieldError ? (error.field ?? null) : null, message: error.message };
}
