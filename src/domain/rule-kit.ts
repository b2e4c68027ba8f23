/**
 * The rule kit: the plain rule helpers (rule-core.ts) plus `schemaFromRule`, which turns a rule
 * into a zod schema. Console code that needs only plain rules imports rule-core.ts, so the
 * sign-in page does not load zod.
 */
import { z } from 'zod';
import type { Rule } from './rule-core';

export * from './rule-core';

/**
 * A zod schema that trims, runs the rule and reports its message, then hands the value on through
 * `normalise` (a phone number loses its separators, so the server stores the normalised form).
 * A missing field is parsed as "" (`prefault`), so a required field left out of a request gets the
 * spec's blank message rather than zod's own wording, and an optional one comes out as "".
 */
export function schemaFromRule(rule: Rule, normalise?: (value: string) => string) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .overwrite((value) => (normalise ? normalise(value) : value))
    .prefault('');
}

export type RuleSchema = ReturnType<typeof schemaFromRule>;
