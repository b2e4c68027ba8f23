/**
 * The rule kit: the plain rule helpers (rule-core.ts) plus `schemaFromRule`, which turns a rule
 * into a zod schema. Console code that needs only plain rules imports rule-core.ts, so the
 * sign-in page does not load zod.
 */
import { z } from 'zod';
import type { Rule } from './rule-core';

export * from './rule-core';

/**
 * A zod schema that trims, then runs the rule and reports its message. A missing field is parsed as
 * "" (`prefault`), so a required field left out of a request gets the spec's blank message rather
 * than zod's own wording, and an optional one comes out as "".
 */
export function schemaFromRule(rule: Rule) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .prefault('');
}

export type RuleSchema = ReturnType<typeof schemaFromRule>;
