/**
 * Every rule of spec section 5, as a plain function (`rules`, from rules.ts) and as a zod schema
 * (`schemas`) built from that same function. Forms, CSV rows and server routes all use these.
 */
import { schemaFromRule, type RuleSchema } from './rule-kit';
import { ruleNames, ruleNormalisers, rules, type RuleName } from './rules';

export * from './rules';

/**
 * The zod schema of every rule: trims, then reports the rule's message. Marked pure so a bundle
 * that uses only `rules` (the console's forms) leaves zod out.
 */
export const schemas = /* @__PURE__ */ (() =>
  Object.fromEntries(
    ruleNames.map((name) => [name, schemaFromRule(rules[name], ruleNormalisers[name])]),
  ) as Readonly<Record<RuleName, RuleSchema>>)();
