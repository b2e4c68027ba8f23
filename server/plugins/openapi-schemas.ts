import type { SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MULTILINE_FIELDS } from '../../src/domain/control-chars';
import { documentedAsRequired } from '../../src/domain/rule-kit';
import { CONTROL, CONTROL_BUT_LINE_BREAKS } from '../../src/domain/rule-shapes';

/**
 * Zod to JSON Schema for the API document, with what the plain conversion loses: a field whose
 * schema lets a missing value through to its own check (`prefault('')`, so the refusal carries the
 * rule's message) is still required (rule-kit.ts `requiredInDocument`), and every string a request
 * carries refuses control characters, as the server does for every field (plugins/control-chars.ts).
 * Rules publish their own patterns through zod metadata (rule-shapes.ts).
 */

interface OverrideContext {
  zodSchema: z.core.$ZodType;
  jsonSchema: z.core.JSONSchema.BaseSchema;
}
type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

function override({ zodSchema, jsonSchema: json }: OverrideContext): void {
  const jsonSchema = json as JsonSchema;
  const def = zodSchema._zod.def as { type: string; shape?: Record<string, z.core.$ZodType> };
  // The library's own override, which a custom one replaces: drop the empty branches of a union.
  if (def.type === 'union' && jsonSchema.anyOf) {
    jsonSchema.anyOf = jsonSchema.anyOf.filter((branch) => Object.keys(branch).length > 0);
  }
  if (def.type !== 'object' || !def.shape || !jsonSchema.properties) return;
  const required = new Set(jsonSchema.required ?? []);
  for (const [key, field] of Object.entries(def.shape)) {
    if (!documentedAsRequired.has(field as z.ZodType)) continue;
    required.add(key);
    // A required field's default never applies.
    delete jsonSchema.properties[key]?.default;
  }
  if (required.size > 0) jsonSchema.required = [...required];
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override } });

const isString = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** A string without a pattern of its own: no control characters; a non-blank one when required. */
function refuseControlChars(schema: JsonSchema, field: string): void {
  if (isString(schema) && !('pattern' in schema || 'enum' in schema || 'const' in schema)) {
    const control = MULTILINE_FIELDS.has(field) ? CONTROL_BUT_LINE_BREAKS : CONTROL;
    // The server trims before checking a minimum, so the document asks for no surrounding spaces.
    schema.pattern =
      typeof schema.minLength === 'number' && schema.minLength > 0
        ? `^[^\\s${control}](?:[^${control}]*[^\\s${control}])?$`
        : `^[^${control}]*$`;
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    refuseControlChars(child, field === '' ? key : field);
  }
  for (const keyword of ['items', 'additionalProperties'] as const) {
    const child = schema[keyword];
    if (child && typeof child === 'object') refuseControlChars(child as JsonSchema, field);
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const child of (schema[keyword] as JsonSchema[] | undefined) ?? []) {
      refuseControlChars(child, field);
    }
  }
}

/** fastify-type-provider-zod's transform, then the request side's control-character patterns. */
export const zodDocumentTransform: SwaggerTransform = (input) => {
  const transformed = zodTransform(input);
  const schema = transformed.schema as Record<string, unknown>;
  for (const part of ['body', 'querystring', 'params']) {
    const json = schema[part];
    if (json && typeof json === 'object') refuseControlChars(json as JsonSchema, '');
  }
  return transformed;
};
