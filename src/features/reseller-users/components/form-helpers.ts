import type { Rule } from '../../../domain/rule-kit';
import { userMessages } from '../../../domain/api/reseller-users';

/** Allotted computers: a whole number (blank means 0). */
export const allottedRule: Rule = (value) =>
  /^\d{0,4}$/.test(value.trim()) ? null : userMessages.allottedInvalid;

export { serverError } from '../../../ui/form-server-error';
