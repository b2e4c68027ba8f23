import recorded from './openapi-examples.json';

/**
 * The console API's request and answer examples, attached to the document by operationId.
 * They are the demo server's own answers, recorded by scripts/openapi-examples/capture.ts on a
 * fresh demo seed (Acme Remote Services, reseller@example.com, the partner demopartner) rather
 * than written by hand: 140 hand-kept blobs would drift from the server with every field added,
 * while a recorded answer is one the server really gave, and the capture checks each against the
 * operation's schema. An example a schema states itself (`.meta({ example })`, the reseller
 * API's, typed in src/domain/api/reseller-api-examples.ts) is kept as it is.
 * tests/server/openapi-examples.test.ts fails for an operation without them.
 */

export interface RecordedExample {
  request?: Record<string, unknown>;
  query?: Record<string, unknown>;
  response?: unknown;
}

interface Media {
  schema?: { example?: unknown; examples?: unknown };
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: { in?: string; name?: string; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}

export const recordedExamples = recorded as Record<string, RecordedExample>;

const hasExample = (media: Media) =>
  media.example !== undefined ||
  media.schema?.example !== undefined ||
  media.schema?.examples !== undefined;

function attach(op: Operation, example: RecordedExample): void {
  const answer = op.responses?.['200']?.content?.['application/json'];
  if (answer && example.response !== undefined && !hasExample(answer)) {
    answer.example = example.response;
  }
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    if (example.request !== undefined && !hasExample(media)) media.example = example.request;
  }
  for (const parameter of op.parameters ?? []) {
    const value = parameter.in === 'query' ? example.query?.[parameter.name ?? ''] : undefined;
    if (value !== undefined && parameter.example === undefined) parameter.example = value;
  }
}

/** For `openApiTransformObject`: every operation's recorded examples, where it has none. */
export function attachExamples(document: {
  paths?: Record<string, Record<string, Operation>>;
}): void {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const example = recordedExamples[op.operationId ?? ''];
      if (example) attach(op, example);
    }
  }
}
