/**
 * The small toolkit every rule of spec section 5 is built from: a rule is a plain function
 * `(value) => message | null` (so a form, a CSV row and a route all call the same code), and its
 * zod schema is derived from it, so the rule and its message are written once.
 */
import { CONTROL_CHARS_MESSAGE, hasControlChars } from './control-chars';
import type { LengthBounds } from './limits';
import { shapeJsonSchema, type RuleJsonSchema, type RuleShape } from './rule-shapes';

/**
 * Returns the spec's message for the first failed check, or null when the value is valid. A rule
 * from defineRule also says what it accepts (`jsonSchema`, for the API document) and whether a
 * blank value is refused (`isRequired`).
 */
export type Rule = ((value: string) => string | null) & {
  readonly shape?: RuleShape;
  readonly jsonSchema?: RuleJsonSchema;
  readonly isRequired?: boolean;
};

/**
 * A rule written as its own function (a blank message of its own, a list of choices) that
 * accepts what `shape` says: the shape and whether a blank value is refused ride along for the
 * API document.
 */
export function withShape(
  check: (value: string) => string | null,
  shape: RuleShape | undefined,
  { isRequired }: { isRequired: boolean },
): Rule {
  return Object.assign(check, {
    isRequired,
    ...(shape ? { shape, jsonSchema: shapeJsonSchema(shape, !isRequired) } : {}),
  });
}

/** One check and the message shown when it fails. */
export type Check = readonly [isValid: (trimmed: string) => boolean, message: string];

export interface RuleDefinition {
  /** The message for an empty value, or null when the field is optional. */
  readonly blank: string | null;
  /** Checked in order on the trimmed, non-empty value; the first failure wins. */
  readonly checks: readonly Check[];
  /** Multi-line text (comments, descriptions): tabs and line breaks are allowed. */
  readonly isMultiline?: boolean;
  /** What the checks accept, for the API document (rule-shapes.ts). */
  readonly shape?: RuleShape;
}

/**
 * "All inputs are trimmed before checking" (spec section 5), so every rule trims first. No rule
 * accepts control characters (control-chars.ts), whatever else it allows.
 */
export function defineRule({ blank, checks, isMultiline = false, shape }: RuleDefinition): Rule {
  const rule = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') return blank;
    for (const [isValid, message] of checks) {
      if (!isValid(trimmed)) return message;
    }
    // After the spec's own checks, so a field they already refuse keeps the spec's message.
    if (hasControlChars(trimmed, isMultiline)) return CONTROL_CHARS_MESSAGE;
    return null;
  };
  return withShape(rule, shape, { isRequired: blank !== null });
}

/**
 * Length in characters (Unicode code points), as the API document's maxLength (JSON Schema) and
 * zod count it, so a value the document allows is never refused here. The browser's maxLength
 * attribute counts UTF-16 units, stricter for emoji: the console's inputs never send more.
 */
export function hasLength({ min, max }: LengthBounds): (value: string) => boolean {
  return (value) => {
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are the count wanted
    const length = [...value].length;
    return (min === undefined || length >= min) && (max === undefined || length <= max);
  };
}

export function matches(pattern: RegExp): (value: string) => boolean {
  return (value) => pattern.test(value);
}
