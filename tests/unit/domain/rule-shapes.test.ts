import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/domain/messages';
import { ruleNames, rules, type RuleName } from '../../../src/domain/validation';

/** Checks no pattern can state; their refusals are the rule's own messages (VALIDATION_FAILED). */
const beyondShape: Partial<Record<RuleName, readonly string[]>> = {
  // The Luhn checksum and the brands' number prefixes and lengths.
  cardNumber: [messages['card.invalid'], messages['card.unsupported']],
};

/**
 * Every rule publishes what it accepts (rule-shapes.ts) and the API document repeats it: a value
 * the published shape allows must be one the rule accepts, or a client that follows the document
 * is refused. fast-check generates values from each pattern (seeded, so a failure reproduces).
 */
function shapeOf(name: RuleName) {
  const shape = rules[name].jsonSchema;
  if (!shape) throw new Error(`${name} publishes no shape`);
  return shape;
}

describe('the shape each rule publishes', () => {
  it('every rule has one', () => {
    expect(ruleNames.filter((name) => rules[name].jsonSchema === undefined)).toEqual([]);
  });

  it.each(ruleNames)('%s: values of the shape pass the rule', (name) => {
    const rule = rules[name];
    const { pattern, maxLength, not } = shapeOf(name);
    // JSON Schema patterns are ECMA-262 with the unicode flag (what Ajv compiles).
    const regex = new RegExp(pattern, 'u');
    const excluded = not ? new RegExp(not.pattern, 'u') : undefined;
    const values = fc
      .stringMatching(new RegExp(pattern))
      .filter((value) => regex.test(value))
      .filter((value) => maxLength === undefined || value.length <= maxLength)
      .filter((value) => !excluded?.test(value));
    fc.assert(
      fc.property(values, (value) => {
        const message = rule(value);
        return message === null || (beyondShape[name]?.includes(message) ?? false);
      }),
      { numRuns: 200, seed: 22 },
    );
  });

  it('a required rule refuses what its shape refuses: blank', () => {
    for (const name of ruleNames.filter((each) => rules[each].isRequired)) {
      expect(new RegExp(shapeOf(name).pattern, 'u').test('  '), name).toBe(false);
    }
  });
});
