import UAParser from 'ua-parser-js';
import {
  CURRENT_SESSION_REFUSED,
  SESSION_NOT_FOUND,
  signInMethodLabel,
  UNKNOWN_PLACE,
  type SignedInSession,
} from '../../src/domain/api/sessions';
import { errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import type { Database } from '../db/database';
import { recordAudit } from './audit';
import { nowIso } from './clock';
import { countryForIp } from './geoip';

/*
 * "Where you're signed in": a reseller user's own live sessions (not revoked, not expired), and
 * signing out one of them or all but the caller's. A sign-out sets the session's `revoked_at`;
 * every signed-in request checks that row (sessions.ts), so the signed-out browser is refused on
 * its next call, on every instance.
 */

/** Operating systems as people name them (ua-parser-js 1.x uses its own older names). */
const SYSTEM_NAMES: Readonly<Record<string, string>> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
  'Chrome OS': 'ChromeOS',
};

/** Browser names without the engine's "Mobile"/"Headless" variants the parser distinguishes. */
const BROWSER_NAMES: Readonly<Record<string, string>> = {
  'Mobile Safari': 'Safari',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Firefox': 'Firefox',
};

/**
 * "Chrome on Windows", "Safari on iOS": the browser and operating system a User-Agent names,
 * read with ua-parser-js 1.x (MIT; the 2.x line is AGPL), whose patterns are maintained upstream
 * as browsers change, rather than with our own regular expressions. Versions are left out: they
 * change with every update and do not help anyone recognise a device.
 */
export function deviceLabel(userAgent: string): string {
  const result = new UAParser(userAgent).getResult();
  const browserName = result.browser.name;
  const systemName = result.os.name;
  const browser = browserName ? (BROWSER_NAMES[browserName] ?? browserName) : '';
  const system = systemName ? (SYSTEM_NAMES[systemName] ?? systemName) : '';
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return 'Unknown device';
}

// Country names in English from the country code the lookup gives (Node's ICU data, kept current
// with Node), so no list of names is kept here.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country of an address in plain words, or "Unknown" (private addresses, no match). */
export function placeOf(ip: string): string {
  const code = countryForIp(ip, '');
  if (!code) return UNKNOWN_PLACE;
  try {
    return regionNames.of(code.toUpperCase()) ?? UNKNOWN_PLACE;
  } catch {
    return UNKNOWN_PLACE;
  }
}

/** The live sessions of a reseller user, the caller's own first, then the most recently active. */
export async function listSignedInSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<SignedInSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'sign_in_method', 'created_at', 'last_active_at'])
    .where('subject_kind', '=', 'reseller')
    .where('subject_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .execute();
  const items = rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.user_agent),
    place: placeOf(row.ip),
    method: signInMethodLabel(row.sign_in_method),
    createdAt: row.created_at,
    // Sessions opened before the column existed have not been marked yet.
    lastActiveAt: row.last_active_at ?? row.created_at,
    current: row.id === currentSessionId,
  }));
  return items.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      b.lastActiveAt.localeCompare(a.lastActiveAt) ||
      a.id.localeCompare(b.id),
  );
}

/** Who signs out and from where: the entries of the activity log name them. */
export interface SignOutActor {
  userId: string;
  accountId: string;
  currentSessionId: string;
  ip: string;
  userAgent: string;
}

/**
 * Signs out one of the user's other live sessions. Another user's session, an ended one or an
 * unknown id answers 404 and changes nothing; the caller's own session is Logout's job.
 */
export async function signOutSession(
  db: Database,
  actor: SignOutActor,
  sessionId: string,
): Promise<void> {
  if (sessionId === actor.currentSessionId) {
    throw new AppError(errorCodes.RULE_FAILED, CURRENT_SESSION_REFUSED, { field: 'id' });
  }
  const now = nowIso();
  await db.transaction().execute(async (tx) => {
    const ended = await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('subject_kind', '=', 'reseller')
      .where('subject_id', '=', actor.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_agent', 'ip'])
      .executeTakeFirst();
    if (!ended) throw new AppError(errorCodes.NOT_FOUND, SESSION_NOT_FOUND);
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'session.signout',
      target: `${deviceLabel(ended.user_agent)} (${placeOf(ended.ip)})`,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { sessionId },
    });
  });
}

/** Signs out every live session of the user but the caller's; how many were signed out. */
export async function signOutOtherSessions(db: Database, actor: SignOutActor): Promise<number> {
  const now = nowIso();
  return db.transaction().execute(async (tx) => {
    const ended = await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('subject_kind', '=', 'reseller')
      .where('subject_id', '=', actor.userId)
      .where('id', '!=', actor.currentSessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .execute();
    // Nothing signed out is nothing to record.
    if (ended.length === 0) return 0;
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'session.signout.others',
      target: ended.length === 1 ? '1 session' : `${String(ended.length)} sessions`,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { sessionIds: ended.map((row) => row.id) },
    });
    return ended.length;
  });
}
