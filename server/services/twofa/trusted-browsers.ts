import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TrustedBrowser } from '../../../src/domain/api/trusted-browsers';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { addDays, nowIso } from '../clock';
import { hmac, randomToken, safeEqual, sha256 } from '../crypto';
import { keysOf, type Secrets } from '../secrets';

/**
 * "Trust this browser for 30 days" at the two-factor step. The browser keeps a cookie
 * `<id>.<secret>.<mac>`: the MAC (the token key) refuses a forged or altered cookie before any
 * look-up, and the row keeps only the secret's hash, bound to one user, so a trusted browser is
 * listed, revoked one by one, and all revoked at once by a new password or turning two-factor
 * authentication off. A cookie skips the second factor only for the user it was issued to.
 */
export const TRUSTED_BROWSER_COOKIE = 'rsr_tb';
export const TRUSTED_BROWSER_DAYS = 30;
// Sent to the reseller sign-in calls only (user_signin and the two-factor step).
const COOKIE_PATH = '/rpc-api/reseller/';

const macOf = (key: string, body: string) => hmac(key, `trusted-browser:${body}`);

/** A short description of the browser for the list ("Chrome on Windows"). */
export function browserLabel(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrom(e|ium)\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'A browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  return system ? `${String(browser)} on ${String(system)}` : String(browser);
}

/** Trusts the browser that passed the second factor: a new row and its cookie. */
export async function trustBrowser(
  db: Executor,
  secrets: Secrets,
  config: Config,
  reply: FastifyReply,
  userId: string,
  info: { ip: string; userAgent: string },
): Promise<void> {
  const id = crypto.randomUUID();
  const secret = randomToken();
  const now = nowIso();
  await db
    .insertInto('trusted_browsers')
    .values({
      id,
      user_id: userId,
      token_hash: sha256(secret),
      label: browserLabel(info.userAgent).slice(0, 80),
      ip: info.ip.slice(0, 64),
      created_at: now,
      last_used_at: now,
      expires_at: addDays(now, TRUSTED_BROWSER_DAYS),
      revoked_at: null,
    })
    .execute();
  const body = `${id}.${secret}`;
  reply.setCookie(TRUSTED_BROWSER_COOKIE, `${body}.${macOf(secrets.token.current, body)}`, {
    httpOnly: true,
    secure: config.isHttps,
    sameSite: 'lax',
    path: COOKIE_PATH,
    maxAge: TRUSTED_BROWSER_DAYS * 86_400,
  });
}

/**
 * Whether the cookie names a live trusted browser of this user: signed with a token key in
 * force or still read, its secret matching the stored hash, not revoked, not expired.
 */
export async function isTrustedBrowser(
  db: Executor,
  secrets: Secrets,
  cookie: string | undefined,
  userId: string,
): Promise<boolean> {
  const [id, secret, mac, ...rest] = (cookie ?? '').split('.');
  if (!id || !secret || !mac || rest.length > 0) return false;
  const body = `${id}.${secret}`;
  if (!keysOf(secrets.token).some((key) => safeEqual(macOf(key, body), mac))) return false;
  const row = await db
    .selectFrom('trusted_browsers')
    .select(['user_id', 'token_hash', 'expires_at', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  const now = nowIso();
  if (!row || row.revoked_at !== null || row.expires_at <= now) return false;
  if (row.user_id !== userId || !safeEqual(row.token_hash, sha256(secret))) return false;
  await db
    .updateTable('trusted_browsers')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .execute();
  return true;
}

/** The id in a trusted-browser cookie (unchecked): marks "this browser" in the list. */
export const trustedBrowserIdOf = (cookie: string | undefined): string =>
  (cookie ?? '').split('.')[0] ?? '';

/** The user's live trusted browsers, newest first. */
export async function listTrustedBrowsers(
  db: Executor,
  userId: string,
  currentId: string,
): Promise<TrustedBrowser[]> {
  const rows = await db
    .selectFrom('trusted_browsers')
    .select(['id', 'label', 'ip', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    ip: row.ip,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    isCurrent: row.id === currentId,
  }));
}

/** Revokes one of the user's trusted browsers (another user's id changes nothing). */
export async function revokeTrustedBrowser(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ label: string } | undefined> {
  return db
    .updateTable('trusted_browsers')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['label'])
    .executeTakeFirst();
}

/** A new password or two-factor turned off: no browser skips the second factor any more. */
export async function revokeAllTrustedBrowsers(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('trusted_browsers')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
