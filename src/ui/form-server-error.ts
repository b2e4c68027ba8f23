/**
 * A failed call's error on a form: under the field it names when the form has that field,
 * otherwise in the form's alert. One rule, so every form splits the two the same way.
 */
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { fieldErrorCodes } from '../domain/api/envelope';
import { GENERIC_ERROR_TEXT, isApiError } from '../lib/http/api-error';

/** The form field a failed call names, when the form has a field of that name. */
export function serverErrorField(error: unknown, values: object): string | undefined {
  return isApiError(error) && error.field && error.field in values ? error.field : undefined;
}

/** Puts a failed call's message under the field it names; false when it names none of the form's. */
export function showServerFieldError<Values extends object>(
  form: UseFormReturnType<Values>,
  error: unknown,
): boolean {
  const field = serverErrorField(error, form.getValues());
  if (field === undefined || !isApiError(error)) return false;
  form.setFieldError(field, error.message);
  return true;
}

/** The alert's text: a failed call's message unless it stands under a field; '' when none. */
export function serverAlertText(error: unknown, values: object): string {
  if (!error || serverErrorField(error, values) !== undefined) return '';
  return isApiError(error) ? error.message : GENERIC_ERROR_TEXT;
}

/** A failed call under the field it names when `fields` lists it; anything else is a toast. */
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

/**
 * Where a failed call's message goes when a form places it itself: under the field the server
 * named (a field error's code, fieldErrorCodes, with a field `fields` lists), otherwise
 * `field: null` for the form's alert.
 */
export function serverError(
  error: unknown,
  fields: readonly string[],
): { field: string | null; message: string } {
  if (!isApiError(error)) return { field: null, message: GENERIC_ERROR_TEXT };
  const isFieldError =
    fieldErrorCodes.has(error.description) &&
    error.field !== undefined &&
    fields.includes(error.field);
  return { field: isFieldError ? (error.field ?? null) : null, message: error.message };
}
