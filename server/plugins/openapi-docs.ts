import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';

const RESELLER_PREFIX = '/reseller-api/';
/** The docs page of the whole API (@fastify/swagger-ui) serves the viewer's files. */
const VIEWER = '/rpc-api/docs/static';

interface ApiDocument {
  info: Record<string, unknown>;
  tags?: { name: string }[];
  paths: Record<string, unknown>;
  components: {
    schemas?: Record<string, unknown>;
    responses?: Record<string, unknown>;
    headers?: Record<string, unknown>;
    parameters?: Record<string, unknown>;
    securitySchemes?: Record<string, unknown>;
  };
  [key: string]: unknown;
}

/** The integrators' part of the document: the `/reseller-api` calls and what they refer to. */
export function resellerApiDocument(full: ApiDocument, productName: string): ApiDocument {
  const paths = Object.fromEntries(
    Object.entries(full.paths).filter(([path]) => path.startsWith(RESELLER_PREFIX)),
  );
  const text = JSON.stringify(paths);
  const used = new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations as Record<string, { tags?: string[] }>).flatMap(
        (op) => op.tags ?? [],
      ),
    ),
  );
  const referenced = (kind: string, entries: Record<string, unknown> = {}) =>
    Object.fromEntries(
      Object.entries(entries).filter(([name]) => text.includes(`#/components/${kind}/${name}"`)),
    );
  const responses = referenced('responses', full.components.responses);
  const responsesText = JSON.stringify(responses);
  return {
    ...full,
    info: {
      ...full.info,
      title: `${productName} reseller API`,
      description:
        "Script your reseller account: list computers and groups, invite, update and remove users. Every call sends the account's API key (API Keys tab of the account settings) in the X-API-Key header, acts as the account's administrator and counts against a limit of 120 calls a minute. Answers are `{code: 200, status: 'OK', message}`; refusals are the ErrorEnvelope.",
    },
    tags: (full.tags ?? []).filter((tag) => used.has(tag.name)),
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(full.components.schemas ?? {}).filter(
          ([name]) =>
            text.includes(`#/components/schemas/${name}"`) ||
            responsesText.includes(`#/components/schemas/${name}"`),
        ),
      ),
      responses,
      // The RateLimit headers are referred to by the responses, the Idempotency-Key by the paths.
      headers: Object.fromEntries(
        Object.entries(full.components.headers ?? {}).filter(([name]) =>
          `${text}${responsesText}`.includes(`#/components/headers/${name}"`),
        ),
      ),
      parameters: referenced('parameters', full.components.parameters),
      securitySchemes: Object.fromEntries(
        Object.entries(full.components.securitySchemes ?? {}).filter(([name]) =>
          text.includes(`"${name}"`),
        ),
      ),
    },
  };
}

const page = (productName: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${productName.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)} reseller API</title>
<link rel="stylesheet" href="${VIEWER}/swagger-ui.css">
<link rel="stylesheet" href="${VIEWER}/index.css">
<link rel="icon" type="image/png" href="${VIEWER}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${VIEWER}/swagger-ui-bundle.js"></script>
<script src="${VIEWER}/swagger-ui-standalone-preset.js"></script>
<script src="/reseller-api/docs/init.js"></script>
</body>
</html>
`;

// A file, not an inline script: the page keeps the server's script-src 'self'.
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/reseller-api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    validatorUrl: null,
  });
});
`;

/**
 * What integrators read: `/reseller-api/docs`, the reseller API alone (the console's own calls
 * are at `/rpc-api/docs`), and its document at `/reseller-api/openapi.json`.
 */
export function registerResellerApiDocs(app: FastifyInstance, productName: string): void {
  const hidden = { config: policy.public, schema: { hide: true } };
  let document: ApiDocument | undefined;
  app.get('/reseller-api/openapi.json', hidden, () => {
    document ??= resellerApiDocument(app.swagger() as unknown as ApiDocument, productName);
    return document;
  });
  const html = page(productName);
  app.get('/reseller-api/docs', hidden, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(html),
  );
  app.get('/reseller-api/docs/init.js', hidden, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(initScript),
  );
}
