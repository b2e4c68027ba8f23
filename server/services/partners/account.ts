import crypto from 'node:crypto';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import type { Mailer } from '../mail';
import { addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { hashPassword, verifyPassword } from '../passwords';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage, messages } from '../../../src/domain/messages';
import { passwordPolicyViolation } from '../../../src/domain/password-policy';
import { RESET_MAILS_PER_HOUR } from '../reseller-account/password-reset';

const RESET_TTL_SECONDS = 3600;
const HISTORY_SIZE = 5;

export async function partnerRow(db: Executor, id: string) {
  const row = await db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
  return row;
}

async function isRecentlyUsed(db: Executor, partnerId: string, password: string) {
  const history = await db
    .selectFrom('partner_password_history')
    .select('password_hash')
    .where('partner_id', '=', partnerId)
    .orderBy('created_at', 'desc')
    .limit(HISTORY_SIZE)
    .execute();
  for (const row of history) if (await verifyPassword(row.password_hash, password)) return true;
  return false;
}

/** Sets a new password, keeping the old hash in the history. */
async function setPassword(db: Executor, partnerId: string, oldHash: string, password: string) {
  const now = nowIso();
  await db
    .insertInto('partner_password_history')
    .values({
      id: crypto.randomUUID(),
      partner_id: partnerId,
      password_hash: oldHash,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('partners')
    .set({ password_hash: await hashPassword(password), updated_at: now })
    .where('id', '=', partnerId)
    .execute();
  // A new password voids every reset link still out there (see the reseller setPassword).
  await db
    .updateTable('partner_password_resets')
    .set({ used_at: now })
    .where('partner_id', '=', partnerId)
    .where('used_at', 'is', null)
    .execute();
}

const policyError = (violation: { field: string; message: string }) =>
  new AppError(
    violation.message === messages['current.password.invalid']
      ? errorCodes.INVALID_PASSWORD
      : errorCodes.RULE_FAILED,
    violation.message,
    { field: violation.field },
  );

export async function changePassword(
  db: Executor,
  partnerId: string,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
  domainNames: string[],
  keepSessionId?: string,
): Promise<void> {
  const partner = await partnerRow(db, partnerId);
  const violation = passwordPolicyViolation({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
    email: partner.email,
    domainNames,
    isCurrentPasswordValid: await verifyPassword(partner.password_hash, input.currentPassword),
    isSameAsCurrent: input.newPassword === input.currentPassword,
    isRecentlyUsed: await isRecentlyUsed(db, partnerId, input.newPassword),
  });
  if (violation) throw policyError(violation);
  await setPassword(db, partnerId, partner.password_hash, input.newPassword);
  // Every other session ends (a stolen one too); the one making the change stays signed in.
  await revokeSessions(db, partnerId, keepSessionId);
}

/** Always the same answer, so the form does not reveal which e-mails are registered. */
export async function sendResetLink(
  db: Executor,
  mailer: Mailer,
  login: string,
  options: { publicOrigin: string; productName: string; onError: (error: unknown) => void },
): Promise<void> {
  const value = login.trim().toLowerCase();
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'email', 'partner_id', 'account_status'])
    .where((eb) => eb.or([eb('email', '=', value), eb('partner_id', '=', value)]))
    .executeTakeFirst();
  const now = nowIso();
  // Mails actually sent, whoever asked (as RESET_MAILS_PER_HOUR for resellers): past the cap
  // nothing more is sent, and the links already in the partner's inbox keep working.
  const sent = await db
    .selectFrom('partner_password_resets')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('partner_id', '=', partner?.id ?? '')
    .where('created_at', '>', addSeconds(now, -RESET_TTL_SECONDS))
    .executeTakeFirst();
  // The same queries ran whether or not the partner exists; the mail goes after the answer.
  if (!partner || partner.account_status === 'CANCELLED') return;
  if (Number(sent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return;
  const token = randomToken();
  await db
    .insertInto('partner_password_resets')
    .values({
      token_hash: sha256(token),
      partner_id: partner.id,
      created_at: now,
      expires_at: addSeconds(now, RESET_TTL_SECONDS),
      used_at: null,
    })
    .execute();
  const link = `${options.publicOrigin}/rpc-app/partner/resetpartner_password?token=${token}`;
  mailer.sendLater(
    {
      to: partner.email,
      subject: `Reset your ${options.productName} partner password`,
      text: [
        `Hello ${partner.partner_id},`,
        '',
        `Open this link within an hour to choose a new password: ${link}`,
        'If you did not ask for it, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    },
    options.onError,
  );
}

export async function resetPassword(
  db: Executor,
  input: { token: string; newPassword: string; confirmPassword: string },
  domainNames: string[],
): Promise<void> {
  const now = nowIso();
  const reset = await db
    .selectFrom('partner_password_resets')
    .innerJoin('partners', 'partners.id', 'partner_password_resets.partner_id')
    .select([
      'partner_password_resets.token_hash',
      'partner_password_resets.expires_at',
      'partner_password_resets.used_at',
      'partners.id',
      'partners.email',
      'partners.password_hash',
    ])
    .where('partner_password_resets.token_hash', '=', sha256(input.token))
    .executeTakeFirst();
  if (!reset || reset.used_at !== null || reset.expires_at <= now) {
    throw new AppError(errorCodes.EXPIRED_LINK, formatMessage('password.link.expired'));
  }
  const violation = passwordPolicyViolation({
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
    email: reset.email,
    domainNames,
    isRecentlyUsed:
      (await verifyPassword(reset.password_hash, input.newPassword)) ||
      (await isRecentlyUsed(db, reset.id, input.newPassword)),
  });
  if (violation) throw policyError(violation);
  const claimed = await db
    .updateTable('partner_password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', reset.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new AppError(errorCodes.EXPIRED_LINK, formatMessage('password.link.expired'));
  }
  await setPassword(db, reset.id, reset.password_hash, input.newPassword);
  await revokeSessions(db, reset.id);
}

export async function revokeSessions(
  db: Executor,
  partnerId: string,
  keepSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('subject_kind', '=', 'partner')
    .where('subject_id', '=', partnerId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function cancelAccount(db: Executor, partnerId: string, password: string) {
  const partner = await partnerRow(db, partnerId);
  if (!(await verifyPassword(partner.password_hash, password))) {
    throw new AppError(errorCodes.INVALID_PASSWORD, messages['password.incorrect'], {
      field: 'password',
    });
  }
  await db
    .updateTable('partners')
    .set({ account_status: 'CANCELLED', updated_at: nowIso() })
    .where('id', '=', partnerId)
    .execute();
  await revokeSessions(db, partnerId);
}
