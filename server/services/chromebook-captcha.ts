import type { Executor } from '../db/database';
import { addSeconds, nowIso } from './clock';
import { sha256 } from './crypto';

/** The app has this long to collect a pass after the captcha is solved. */
const PASS_TTL_SECONDS = 10 * 60;

/**
 * The Chromebook app's captcha check (spec routes /chromebook/captcha/verify and /response): the
 * app opens the console's page with a random session id of its own, the person solves the
 * captcha there, and the app polls for the pass with the same id. Only the id's hash is kept.
 */
export async function passChromebookCaptcha(db: Executor, session: string): Promise<void> {
  const now = nowIso();
  await db.deleteFrom('captcha_passes').where('expires_at', '<', now).execute();
  const pass = { verified_at: now, expires_at: addSeconds(now, PASS_TTL_SECONDS) };
  await db
    .insertInto('captcha_passes')
    .values({ session_hash: sha256(session), ...pass })
    .onConflict((oc) => oc.column('session_hash').doUpdateSet(pass))
    .execute();
}

export async function isChromebookCaptchaPassed(db: Executor, session: string): Promise<boolean> {
  const row = await db
    .selectFrom('captcha_passes')
    .select('session_hash')
    .where('session_hash', '=', sha256(session))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row !== undefined;
}
