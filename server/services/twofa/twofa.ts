import type { FieldKeys } from '../secrets';
import crypto from 'node:crypto';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import type { SignedInBy } from '../sessions';
import { addSeconds, nowIso } from '../clock';
import { decryptField, randomToken, sha256 } from '../crypto';
import { matchTotpStep } from './totp';
import { revokeAllTrustedBrowsers } from './trusted-browsers';

/** Phone codes: 6 digits, valid 10 minutes; more than 5 sign-in sends a day blocks OTP sign-in. */
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const MAX_LOGIN_SENDS_PER_DAY = 5;
export const OTP_BLOCK_SECONDS = 24 * 60 * 60;
/** A pending second-factor sign-in lasts 10 minutes and allows 5 wrong codes. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const MAX_CHALLENGE_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;

export const otpError = (key: 'otp.incorrect' | 'otp.expired.or.incorrect' | 'otp.required') =>
  new AppError('INVALID_OTP', formatMessage(key), { status: 400, field: 'otp' });

export async function twofaOf(db: Executor, userId: string) {
  return db
    .selectFrom('twofa_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export type TwofaRow = NonNullable<Awaited<ReturnType<typeof twofaOf>>>;

/** The row of a user, created empty on first use. */
export async function ensureTwofa(db: Executor, userId: string): Promise<TwofaRow> {
  const existing = await twofaOf(db, userId);
  if (existing) return existing;
  await db
    .insertInto('twofa_settings')
    .values({ user_id: userId, updated_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await twofaOf(db, userId);
  if (!row) throw new Error('twofa row missing');
  return row;
}

/** "+1 ••• ••• 4567": enough for the user to recognise the phone, not to learn it. */
export const maskPhone = (phone: string): string => (phone ? `•••• ${phone.slice(-4)}` : '');

export const newSixDigitCode = (): string =>
  String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Stores a phone code's hash; refuses (and blocks for 24 hours) past the daily sign-in limit. */
export async function issuePhoneCode(
  db: Executor,
  userId: string,
  purpose: 'login' | 'setup',
): Promise<string> {
  const now = nowIso();
  if (purpose === 'login') {
    const row = await ensureTwofa(db, userId);
    if (row.blocked_until && row.blocked_until > now) {
      throw new AppError('OTP_BLOCKED', formatMessage('otp.blocked'), { status: 403 });
    }
    const sent = await db
      .selectFrom('twofa_codes')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
      .where('user_id', '=', userId)
      .where('purpose', '=', 'login')
      .where('created_at', '>', addSeconds(now, -OTP_BLOCK_SECONDS))
      .executeTakeFirst();
    if (Number(sent?.n ?? 0) >= MAX_LOGIN_SENDS_PER_DAY) {
      await db
        .updateTable('twofa_settings')
        .set({ blocked_until: addSeconds(now, OTP_BLOCK_SECONDS), updated_at: now })
        .where('user_id', '=', userId)
        .execute();
      throw new AppError('OTP_BLOCKED', formatMessage('otp.blocked'), { status: 403 });
    }
  }
  const code = newSixDigitCode();
  await db
    .insertInto('twofa_codes')
    .values({
      id: crypto.randomUUID(),
      user_id: userId,
      purpose,
      code_hash: sha256(`${userId}:${code}`),
      created_at: now,
      expires_at: addSeconds(now, PHONE_CODE_TTL_SECONDS),
      used_at: null,
    })
    .execute();
  return code;
}

/** Uses a live phone code once; false when none matches. */
export async function consumePhoneCode(
  db: Executor,
  userId: string,
  purpose: 'login' | 'setup',
  code: string,
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('twofa_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', sha256(`${userId}:${code}`))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Checks a TOTP code against a sealed secret and accepts its time step once: the step is
 * recorded atomically, so the same code (or an older one) cannot be used again.
 */
export async function acceptTotp(
  db: Executor,
  fieldKey: FieldKeys,
  userId: string,
  sealedSecret: string,
  code: string,
): Promise<'ok' | 'wrong' | 'replayed'> {
  const step = matchTotpStep(decryptField(fieldKey, sealedSecret), code);
  if (step === null) return 'wrong';
  const result = await db
    .updateTable('twofa_settings')
    .set({ last_totp_step: step, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('last_totp_step', '<', step)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? 'ok' : 'replayed';
}

/** Turns two-factor off and forgets its factor: secret, phone and recovery codes. */
export async function turnOffTwofa(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('twofa_settings')
    .set({
      is_enabled: 0,
      method: '',
      totp_secret_sealed: '',
      phone: '',
      recovery_hashes: '[]',
      // The replay guard belongs to the erased secret: a new secret starts from no step.
      last_totp_step: 0,
      updated_at: nowIso(),
    })
    .where('user_id', '=', userId)
    .execute();
  // Trust given at the second step ends with it: turned on again, every browser asks anew.
  await revokeAllTrustedBrowsers(db, userId);
}

/** New recovery codes (shown once); the row keeps only their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = crypto.randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
  return { codes, hashes: JSON.stringify(codes.map((code) => sha256(code))) };
}

/** Uses one recovery code; false when it is not one of the user's unused codes. */
export async function consumeRecoveryCode(
  db: Executor,
  row: TwofaRow,
  code: string,
): Promise<boolean> {
  const hashes = JSON.parse(row.recovery_hashes) as string[];
  const hash = sha256(code.trim().toLowerCase());
  if (!hashes.includes(hash)) return false;
  const result = await db
    .updateTable('twofa_settings')
    .set({
      recovery_hashes: JSON.stringify(hashes.filter((h) => h !== hash)),
      updated_at: nowIso(),
    })
    .where('user_id', '=', row.user_id)
    .where('recovery_hashes', '=', row.recovery_hashes)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// --- Sign-in challenges ---

/** A pending second step for `userId`, remembering how the first step signed in. */
export async function issueChallenge(
  db: Executor,
  userId: string,
  firstStep: SignedInBy,
): Promise<string> {
  const token = randomToken(32);
  const now = nowIso();
  await db
    .insertInto('twofa_challenges')
    .values({
      id: crypto.randomUUID(),
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: addSeconds(now, CHALLENGE_TTL_SECONDS),
      used_at: null,
      sign_in_method: firstStep.method,
      sso_logout_sealed: firstStep.ssoLogoutSealed ?? null,
    })
    .execute();
  return token;
}

/** The live challenge a cookie names; 401 when there is none (the password step must be redone). */
export async function liveChallenge(db: Executor, token: string | undefined) {
  const row = token
    ? await db
        .selectFrom('twofa_challenges')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .where('failures', '<', MAX_CHALLENGE_FAILURES)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new AppError(errorCodes.NOT_AUTHORIZED, 'Your sign-in has expired. Sign in again.');
  }
  return row;
}

export async function failChallenge(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('twofa_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function useChallenge(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('twofa_challenges')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
