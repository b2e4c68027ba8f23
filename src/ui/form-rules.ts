/**
 * Bridges the rule book (src/domain/validation.ts) to Mantine's useForm: a rule becomes a field
 * validator that trims first, and the rule a field uses decides the spec's input behaviour
 * (name and password fields are checked on blur; the last name's focus checks the first name).
 */
// The sign-in rules alone: the sign-in page's form uses this module, and not the whole rule book.
import { signInRules as rules } from '../domain/rules-sign-in';
import type { Rule } from '../domain/rule-kit';

/** The rule of each field that has one. */
export type RuleMap<Values> = Partial<Record<Extract<keyof Values, string>, Rule>>;

export type FieldValidator = (value: unknown) => string | null;

/** "All inputs are trimmed before checking"; a missing value is checked as "". */
export function ruleValidator(rule: Rule): FieldValidator {
  return (value) => {
    if (typeof value === 'string') return rule(value.trim());
    // Numbers come from NumberInput-like fields; anything else counts as no value.
    return rule(typeof value === 'number' ? String(value) : '');
  };
}

export function validatorsFromRules<Values>(
  ruleMap: RuleMap<Values>,
): Partial<Record<Extract<keyof Values, string>, FieldValidator>> {
  const validators: Partial<Record<string, FieldValidator>> = {};
  for (const [field, rule] of Object.entries<Rule | undefined>(ruleMap)) {
    if (rule !== undefined) validators[field] = ruleValidator(rule);
  }
  return validators;
}

// Spec section 5, "Invited-user signup": name and password fields are checked on blur.
const blurCheckedRules: ReadonlySet<Rule> = new Set<Rule>([
  rules.fullName,
  rules.firstName,
  rules.lastName,
  rules.name,
  rules.password,
  rules.currentPassword,
  rules.newPassword,
  rules.confirmPassword,
]);

/** The fields whose rule is a name or password rule. */
export function blurCheckedFields<Values>(
  ruleMap: RuleMap<Values>,
): Extract<keyof Values, string>[] {
  return (Object.entries(ruleMap) as [Extract<keyof Values, string>, Rule | undefined][])
    .filter(([, rule]) => rule !== undefined && blurCheckedRules.has(rule))
    .map(([field]) => field);
}

/**
 * "The first name is checked when focus moves to the last name": which fields to check when a
 * field gains focus, found by rule (the field with `rules.lastName` checks the `rules.firstName` one).
 */
export function focusChecks<Values>(
  ruleMap: RuleMap<Values>,
): Partial<Record<Extract<keyof Values, string>, Extract<keyof Values, string>[]>> {
  const entries = Object.entries(ruleMap) as [Extract<keyof Values, string>, Rule | undefined][];
  const firstName = entries.find(([, rule]) => rule === rules.firstName)?.[0];
  const lastName = entries.find(([, rule]) => rule === rules.lastName)?.[0];
  if (firstName === undefined || lastName === undefined) return {};
  const checks: Partial<Record<Extract<keyof Values, string>, Extract<keyof Values, string>[]>> =
    {};
  checks[lastName] = [firstName];
  return checks;
}

/** A copy with every top-level string trimmed, for `transformValues` before a submit. */
export function trimStrings<Values extends object>(values: Values): Values {
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    trimmed[key] = typeof value === 'string' ? value.trim() : value;
  }
  return trimmed as Values;
}
