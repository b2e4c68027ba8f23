import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/*
 * A small OpenID Provider built on oidc-provider (a certified OP implementation): the demo's
 * identity provider (mounted at /demo-idp when the server runs with demo data) and the tests'
 * real OP on a port of their own. Only the sign-in page is ours; discovery, keys, the
 * authorization endpoint, PKCE, tokens and RP-initiated logout are oidc-provider's.
 * Its grants and sessions live in oidc-provider's memory adapter: fine for a demo or a test,
 * never for an identity provider people rely on.
 */

export interface DemoIdpAccount {
  /** The stable subject (`sub`). */
  sub: string;
  email: string;
  password: string;
  emailVerified: boolean;
}

export interface DemoIdpOptions {
  issuer: string;
  /** Where the provider is mounted on its server ('' at the root). */
  mountPath: string;
  clients: Configuration['clients'];
  accounts: DemoIdpAccount[];
  /** Signs oidc-provider's cookies. */
  cookieKey: string;
  /** The signing keys (private JWKs); a fresh RSA key when not given. */
  jwks?: Configuration['jwks'];
}

export interface DemoIdp {
  provider: Provider;
  /** Handles one request under the mount path; `body` when the server has parsed it already. */
  handle: (req: IncomingMessage, res: ServerResponse, body?: unknown) => Promise<void>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A fresh RSA signing key, as a private JWK. */
export function freshSigningJwks(): NonNullable<Configuration['jwks']> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' }] };
}

export async function createDemoIdp(options: DemoIdpOptions): Promise<DemoIdp> {
  // Loaded when the provider is first used, not at start-up: it is the heaviest import we have
  // (about two seconds on a busy machine), and only the demo's /demo-idp and the tests use it.
  const { default: Provider } = await import('oidc-provider');
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const provider = new Provider(options.issuer, {
    clients: options.clients,
    jwks: options.jwks ?? freshSigningJwks(),
    cookies: { keys: [options.cookieKey] },
    pkce: { required: () => true },
    // The e-mail goes in the ID token itself: the relying party reads the ID token only.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource },
    },
    interactions: {
      url: (_ctx, interaction) => `${options.mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified }),
      };
    },
    // A first-party demo: the user is not asked to consent to the console's scopes.
    loadExistingGrant: async (ctx) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(out.error_description ?? out.error)}</p>`);
    },
  });
  // Behind our server (or a test's): the issuer's scheme is the one to use.
  provider.proxy = true;
  const callback = provider.callback();
  const interaction = new RegExp(`^${options.mountPath}/interaction/([\\w-]+)(/login)?$`);
  const byEmail = (email: string) =>
    options.accounts.find((account) => account.email === email.trim().toLowerCase());

  async function handle(req: IncomingMessage, res: ServerResponse, body?: unknown) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = interaction.exec(path);
    if (!match) {
      // The provider's own endpoints, with the mount path taken off the URL (as express does).
      const original = req.url ?? '/';
      Object.assign(req, { originalUrl: original, body });
      req.url = original.slice(options.mountPath.length) || '/';
      await callback(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST' && match[2]) {
      const form = (body ?? querystring.parse(await readBody(req))) as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const account = byEmail(text(form.email));
      if (account && account.password === text(form.password)) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub, amr: ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      sendHtml(res, loginPage(details.uid, options.mountPath, 'Wrong e-mail or password.'));
      return;
    }
    sendHtml(res, loginPage(details.uid, options.mountPath, ''));
  }

  return { provider, handle };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').slice(0, 10_000);
}

function sendHtml(res: ServerResponse, html: string) {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** The demo's pages: plain HTML, no script (our server's CSP allows none inline). */
function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem">
<main>${content}</main>
</body>
</html>
`;
}

function loginPage(uid: string, mountPath: string, error: string): string {
  const action = escapeHtml(`${mountPath}/interaction/${uid}/login`);
  const alert = error ? `<p role="alert" style="color: #b00020">${escapeHtml(error)}</p>` : '';
  return page(
    'Demo identity provider',
    `<h1>Demo identity provider</h1>
<p>Sign in to continue to the console.</p>
${alert}
<form method="post" action="${action}">
<p><label for="email">E-mail</label><br><input id="email" name="email" type="email" autocomplete="username" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}

/** RP-initiated logout's page, without the default's external font and with our wording. */
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.body = page(
    'Sign out',
    `<h1>Sign out of the demo identity provider?</h1>
${form}
<p><button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button></p>
<p><button type="submit" form="op.logoutForm">No, stay signed in</button></p>`,
  );
}
