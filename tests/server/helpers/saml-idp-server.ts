import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { idpKeys, signedResponse, type TestIdp } from './saml-idp';

/*
 * A tiny identity provider with a real login page, for the browser test: samlify signs the
 * answer, this page asks for an e-mail and password first, then posts the answer to the
 * console's ACS as any IdP's page does (an auto-submitted form). SP-initiated (GET /sso with
 * the console's AuthnRequest) and IdP-initiated (GET /login) both work.
 */

const PASSWORD = 'Demo@1234';

export interface IdpServer {
  idp: TestIdp;
  loginUrl: string;
  close: () => Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

function loginForm(requestId: string, error = ''): string {
  return page(
    'Test IdP sign-in',
    `<h1>Test IdP</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="requestId" value="${escapeHtml(requestId)}">
<label>IdP e-mail <input name="email" type="email"></label>
<label>IdP password <input name="password" type="password"></label>
<button type="submit">Sign in to the IdP</button>
</form>`,
  );
}

function postToAcs(acsUrl: string, samlResponse: string): string {
  return page(
    'Signing you in',
    `<form method="post" action="${escapeHtml(acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">
<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit();</script>`,
  );
}

/** The AuthnRequest's ID, from the HTTP-Redirect binding's deflated SAMLRequest. */
function requestIdOf(samlRequest: string | null): string {
  if (!samlRequest) return '';
  const xml = zlib.inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  return /\sID="([^"]+)"/.exec(xml)?.[1] ?? '';
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts the IdP on a free port. `spMetadata` is the console's SP metadata for the account
 * (read when a user signs in, so it may be fetched after the IdP starts).
 */
export async function startIdpServer(spMetadata: () => Promise<string>): Promise<IdpServer> {
  const keys = await idpKeys();
  const idp: TestIdp = { entityId: '', ssoUrl: '', sloUrl: null, keys };
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', idp.entityId);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (request.method === 'GET' && url.pathname === '/sso') {
        response.end(loginForm(requestIdOf(url.searchParams.get('SAMLRequest'))));
      } else if (request.method === 'GET' && url.pathname === '/login') {
        response.end(loginForm(''));
      } else if (request.method === 'POST' && url.pathname === '/login') {
        const form = await readForm(request);
        const email = form.get('email') ?? '';
        const requestId = form.get('requestId') ?? '';
        if (form.get('password') !== PASSWORD || !email) {
          response.end(loginForm(requestId, 'Wrong e-mail or password.'));
          return;
        }
        const metadata = await spMetadata();
        const acsUrl = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)?.[1] ?? '';
        const saml = await signedResponse(idp, metadata, {
          nameId: email,
          inResponseTo: requestId || null,
        });
        response.end(postToAcs(acsUrl, saml));
      } else {
        response.statusCode = 404;
        response.end(page('Not found', '<p>Not found</p>'));
      }
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  idp.entityId = `${origin}/metadata`;
  idp.ssoUrl = `${origin}/sso`;
  return {
    idp,
    loginUrl: `${origin}/login`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
