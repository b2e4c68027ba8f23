import type { FastifyRequest } from 'fastify';

/** API paths answer the error envelope whatever the client accepts. */
const API_PREFIXES = ['/rpc-api/', '/reseller-api/'];

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whether a request that matched no route is a person's browser asking for a page (a mistyped
 * or old address such as `/login`): a GET that accepts HTML, outside the API. An API client
 * (Accept: application/json, or a fetch's `*\/*`) and every API path keep the JSON envelope.
 */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().split(';');
    const quality = params.find((param) => param.trim().startsWith('q='));
    const isAccepted = quality ? Number(quality.trim().slice(2)) > 0 : true;
    return isAccepted && type?.trim().toLowerCase() === 'text/html';
  });
}

/** The page a browser gets for an address that does not exist: the console's "Oops!" screen. */
export function notFoundPage(productName: string): string {
  const product = escapeHtml(productName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not Found | ${product}</title>
<style>
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f8f9fa}
main{text-align:center;padding:24px;max-width:480px}
h1{font-size:2.5rem;margin:0 0 8px}
p{margin:0 0 24px;color:#495057}
a{color:#1864ab;font-weight:600}
</style>
</head>
<body>
<main>
<h1>Oops!</h1>
<p>Not Found</p>
<a href="/rpc-app/">Take me back to ${product} Reseller Homepage</a>
</main>
</body>
</html>
`;
}
