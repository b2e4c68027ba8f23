import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';
import {
  createDemoIdp,
  freshSigningJwks,
  type DemoIdpAccount,
} from '../../../server/services/sso/demo-idp';

/**
 * A real OpenID Provider (oidc-provider) on a random port of its own, for the OIDC tests. A test
 * may have it tamper with the next ID token it issues (re-signed with another key, or with its
 * own key but another audience or nonce) to prove the relying party refuses each.
 */
export type Tamper = 'other-key' | 'audience' | 'nonce' | null;

export interface TestOp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next token response's ID token is made into (then back to null). */
  tamper: Tamper;
  close: () => Promise<void>;
}

export const OP_PASSWORD = 'Op-Passw0rd!';

export async function startTestOp(
  redirectUri: string,
  accounts: Omit<DemoIdpAccount, 'password'>[],
): Promise<TestOp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${String(port)}`;
  const jwks = freshSigningJwks();
  const signingKey = jwks.keys[0] as JWK & { kid: string };
  const clientId = 'console-under-test';
  const clientSecret = crypto.randomBytes(24).toString('hex');
  const idp = await createDemoIdp({
    issuer,
    mountPath: '',
    cookieKey: crypto.randomBytes(16).toString('hex'),
    jwks,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        // Where the console asks to come back after the OP's sign-out (sso/logout.ts).
        post_logout_redirect_uris: [new URL('/rpc-app/reseller/login', redirectUri).href],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    accounts: accounts.map((account) => ({ ...account, password: OP_PASSWORD })),
  });
  const op: TestOp = {
    issuer,
    clientId,
    clientSecret,
    tamper: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const ownKey = crypto.createPrivateKey({ key: signingKey, format: 'jwk' });
  server.on('request', (req, res) => {
    const mode = op.tamper;
    if (mode && req.method === 'POST' && req.url === '/token') {
      op.tamper = null;
      // The token answer is written in one end(): its ID token is swapped before it leaves.
      const end = res.end.bind(res) as (chunk: string) => void;
      res.end = ((chunk: unknown) => {
        const body = JSON.parse(String(chunk)) as { id_token: string };
        body.id_token = tampered(body.id_token, mode, signingKey.kid, ownKey);
        const text = JSON.stringify(body);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
        return res;
      }) as typeof res.end;
    }
    void idp.handle(req, res);
  });
  return op;
}

/** A browser's cookie jar at the OP, and fetch without following redirects. */
export class OpBrowser {
  private readonly jar = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) {
      headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.jar.set(name.trim(), rest.join('='));
    }
    return response;
  }

  /**
   * From the IdP's authorization URL to the callback URL it sends the browser back to: the
   * OP's sign-in page (its form read from the page), e-mail and password, the redirects.
   */
  async signIn(authorizationUrl: string, email: string, password = OP_PASSWORD): Promise<URL> {
    let response = await this.fetch(authorizationUrl);
    let location = new URL(response.headers.get('location') ?? '', authorizationUrl);
    const page = await (await this.fetch(location.href)).text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no sign-in form at the OP: ${page}`);
    response = await this.fetch(new URL(action, location).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    for (let hop = 0; hop < 5; hop += 1) {
      location = new URL(response.headers.get('location') ?? '', location);
      if (location.pathname.endsWith('/sso/oidc/callback')) return location;
      if (response.status < 300 || response.status >= 400) {
        throw new Error(`the OP answered ${String(response.status)}: ${await response.text()}`);
      }
      response = await this.fetch(location.href);
    }
    throw new Error('the OP never sent the browser back');
  }
}

/** The ID token made into what `mode` says, signed (RS256) with our key or a stranger's. */
function tampered(
  idToken: string,
  mode: NonNullable<Tamper>,
  kid: string,
  ownKey: crypto.KeyObject,
) {
  const claims = JSON.parse(
    Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>;
  if (mode === 'audience') claims.aud = 'another-application';
  if (mode === 'nonce') claims.nonce = 'not-the-nonce-we-sent';
  const key =
    mode === 'other-key'
      ? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      : ownKey;
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', kid })}.${part(claims)}`;
  return `${input}.${crypto.sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}
