import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the served OpenAPI document, for the property
 * test of what the server accepts. Hand-written because the maintained generators found
 * (json-schema-faker, @jsonhero's fakers) produce fixed samples rather than shrinkable
 * fast-check arbitraries, and this covers the keywords our zod schemas emit: type (one or
 * several), enum, const, pattern (fast-check's stringMatching), min/maxLength, minimum/maximum,
 * properties/required, items/min/maxItems, anyOf/oneOf and `not`.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  format?: string;
}

/** Unicode-aware, as Ajv and the OpenAPI 3.1 dialect read patterns. */
const compiled = new Map<string, RegExp>();
const regexOf = (pattern: string) => {
  let regex = compiled.get(pattern);
  if (!regex) compiled.set(pattern, (regex = new RegExp(pattern, 'u')));
  return regex;
};

const ALPHANUMERIC = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const codePoints = (value: string) => Array.from(value).length;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const { pattern, minLength = 0, maxLength } = schema;
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  const lengths = { minLength, maxLength: Math.min(maxLength ?? minLength + 30, minLength + 30) };
  let base: fc.Arbitrary<string>;
  if (!pattern) base = fc.string(lengths);
  else if (minLength > 0) {
    // A minimum beside a pattern is the document's "no control characters, no spaces around"
    // (server/plugins/openapi-schemas.ts): letters and digits of the length always match it,
    // where filtering the pattern's own short strings by length could search for ever.
    base = fc
      .string({ ...lengths, unit: fc.constantFrom(...ALPHANUMERIC) })
      .filter((value) => regexOf(pattern).test(value));
  } else {
    base = fc.stringMatching(new RegExp(pattern)).filter((value) => regexOf(pattern).test(value));
  }
  return base.filter((value) => {
    const length = codePoints(value);
    return length >= minLength && (maxLength === undefined || length <= maxLength);
  });
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
  return isInteger
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function typedArbitrary(schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, (schema.minItems ?? 0) + 5),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      throw new Error(`no arbitrary for type ${type}`);
  }
}

export function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** Values the schema allows. */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.anyOf ?? schema.oneOf) {
    arbitrary = fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map(arbitraryOf));
  } else if (schema.allOf?.length === 1 && schema.allOf[0])
    arbitrary = arbitraryOf(schema.allOf[0]);
  else {
    const types = [schema.type ?? 'string'].flat();
    arbitrary = fc.oneof(...types.map((type) => typedArbitrary(schema, type)));
  }
  const excluded = schema.not?.pattern;
  return excluded
    ? arbitrary.filter((value) => typeof value !== 'string' || !regexOf(excluded).test(value))
    : arbitrary;
}
