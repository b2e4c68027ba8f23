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
  const schema = z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    })
    .overwrite((value) => (normalise ? normalise(value) : value))
    .prefault('');
  // The API document publishes what the rule accepts (rule-shapes.ts) and, for a rule that refuses
  // a blank value, that the field is required (a missing field is refused as blank).
  const documented = rule.jsonSchema ? schema.meta({ ...rule.jsonSchema }) : schema;
  return rule.isRequired ? requiredInDocument(documented) : documented;
}

/**
 * Fields the API document marks required although their schema lets a missing field through to
 * a check of its own (`prefault('')`, so the refusal carries the rule's message): the document's
 * transform reads this set (server/plugins/openapi-schemas.ts).
 */
export const documentedAsRequired = new WeakSet<z.ZodType>();

export function requiredInDocument<T extends z.ZodType>(schema: T): T {
  documentedAsRequired.add(schema);
  return schema;
}

export type RuleSchema = ReturnType<typeof schemaFromRule>;
