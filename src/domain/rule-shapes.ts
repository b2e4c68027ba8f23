/**
 * What a rule accepts, written as JSON Schema keywords for the API document. A rule is a function
 * (rule-core.ts), so the OpenAPI document cannot read its checks; each rule states its shape here
 * next to its checks, and the server's document publishes it (rule-kit.ts adds it to the rule's
 * zod schema). A shape may be narrower than its rule (a phone number without separators), never
 * wider: a value the document allows is one the rule accepts.
 *
 * The patterns are ECMA-262 without look-arounds, so a property test can generate values from them
 * (fast-check's stringMatching). Rules trim, so a pattern allows spaces around the value and
 * requires a non-blank one; JSON Schema's maxLength bounds the untrimmed value, which only narrows.
 */

/** C0, DEL and C1: no rule accepts them (control-chars.ts). */
export const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
/** As above, less tab, line feed and carriage return (multi-line fields keep them). */
export const CONTROL_BUT_LINE_BREAKS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';

/** A rule's accepted trimmed value, before defineRule wraps it in the padding and blank case. */
export interface RuleShape {
  /** A pattern (no anchors) for the trimmed, non-empty value. */
  readonly core: string;
  readonly maxLength?: number;
  /** Trimmed values of the pattern that the rule refuses all the same (a dropdown's placeholder). */
  readonly except?: readonly string[];
}

/** The JSON Schema keywords published for a rule's field. */
export interface RuleJsonSchema {
  readonly pattern: string;
  readonly maxLength?: number;
  readonly not?: { readonly pattern: string };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces around the value (the rule trims them); an optional rule also takes a blank value. */
export function shapeJsonSchema(shape: RuleShape, isOptional: boolean): RuleJsonSchema {
  const { core, maxLength, except } = shape;
  return {
    pattern: `^ *(?:${core})${isOptional ? '?' : ''} *$`,
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(except && except.length > 0
      ? { not: { pattern: `^ *(?:${except.map(escapeRegExp).join('|')}) *$` } }
      : {}),
  };
}

/** The inside of a regular expression between ^ and $ (a rule's own pattern, reused). */
export const inner = (pattern: RegExp): string =>
  pattern.source.replace(/^\^/, '').replace(/\$$/, '');

/**
 * Any text but control characters (and the `excluded` class characters), at least `min`
 * characters once trimmed: the first and last are not whitespace.
 */
export function textShape({
  min = 1,
  max,
  excluded = '',
  isMultiline = false,
}: {
  min?: number;
  max?: number;
  excluded?: string;
  isMultiline?: boolean;
}): RuleShape {
  const control = isMultiline ? CONTROL_BUT_LINE_BREAKS : CONTROL;
  const any = `[^${control}${excluded}]`;
  const edge = `[^\\s${control}${excluded}]`;
  const core = min <= 1 ? `${edge}(?:${any}*${edge})?` : `${edge}${any}{${min - 2},}${edge}`;
  return { core, ...(max !== undefined ? { maxLength: max } : {}) };
}

/**
 * Characters of a class (`chars`, a class body without the space), with single spaces allowed
 * inside when `hasSpaces`, at least `min` characters.
 */
export function charsShape(
  chars: string,
  { min = 1, max, hasSpaces = true }: { min?: number; max?: number; hasSpaces?: boolean },
): RuleShape {
  const edge = `[${chars}]`;
  const any = hasSpaces ? `[ ${chars}]` : edge;
  let core: string;
  if (!hasSpaces) core = `${edge}{${min},${max ?? ''}}`;
  else if (min <= 1) core = `${edge}(?:${any}*${edge})?`;
  else core = `${edge}${any}{${min - 2},}${edge}`;
  return { core, ...(max !== undefined ? { maxLength: max } : {}) };
}

/** One of a list of values (a dropdown's options). */
export const choiceShape = (options: readonly string[]): RuleShape => ({
  core: options.map(escapeRegExp).join('|'),
});

/**
 * A comma-separated list of 1 to `max` ids of at most 64 characters each (a bulk action's
 * selection). Narrower than the server, which also drops blanks and repeats.
 */
export const idListJsonSchema = (max: number) => ({
  pattern: `^ *[^\\s,${CONTROL}]{1,64}(?: *, *[^\\s,${CONTROL}]{1,64}){0,${String(max - 1)}} *$`,
});
