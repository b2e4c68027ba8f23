import type { Rule } from '../../../domain/rule-kit';
import { userMessages } from '../../../domain/api/reseller-users';
import { errorCodes } from '../../../domain/api/envelope';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';

/** Allotted computers: a whole number (blank means 0). */
export const allottedRule: Rule = (value) =>
  /^\d{0,4}$/.test(value.trim()) ? null : userMessages.allottedInvalid;

/**
 * Where a failed call's message goes: under the field the server named (VALIDATION_FAILED with a
 * field this form has), otherwise in the form's alert.
 */
export function serverError(
  error: unknown,
  fields: readonly string[],
): { field: string; message: string } | { field: null; message: string } {
  if (!isApiError(error)) return { field: null, message: GENERIC_ERROR_TEXT };
  if (
    error.description === errorCodes.VALIDATION_FAILED &&
    error.field &&
    fields.includes(error.field)
  ) {
    return { field: error.field, message: error.message };
  }
  return { field: null, message: error.message };
}
