import QRCode from 'qrcode';
import type { z } from 'zod';
import type {
  GenerateSetupResponse,
  generateSetupSchema,
} from '../../../src/domain/api/two-factor';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database, Executor } from '../../db/database';
import { nowIso } from '../clock';
import { encryptField } from '../crypto';
import type { FieldKeys } from '../secrets';
import { newTotpSecret, totpUri } from './totp';
import {
  acceptTotp,
  consumePhoneCode,
  ensureTwofa,
  issuePhoneCode,
  maskPhone,
  newRecoveryCodes,
  otpError,
  twofaOf,
  type TwofaRow,
} from './twofa';

/* Two-factor settings of a signed-in user: set a method up, turn it on, new recovery codes. */

type SetupRequest = z.infer<typeof generateSetupSchema>;

/** How a method is named in the activity log. */
export const methodName = (method: string) => (method === 'totp' ? 'authenticator app' : 'phone');

/**
 * Starts setting up a method: an authenticator app gets a new secret (with its otpauth URI and
 * QR code), a phone a code sent by SMS. Either stays pending until `enablePending` checks a code.
 */
export async function startSetup(
  db: Database,
  fieldKey: FieldKeys,
  user: { id: string; email: string },
  request: SetupRequest,
  productName: string,
  sendCode: (to: string, code: string) => Promise<void>,
): Promise<GenerateSetupResponse> {
  await ensureTwofa(db, user.id);
  if (request.method === 'totp') {
    const secret = newTotpSecret();
    await db
      .updateTable('twofa_settings')
      .set({
        pending_method: 'totp',
        pending_secret_sealed: encryptField(fieldKey, secret),
        updated_at: nowIso(),
      })
      .where('user_id', '=', user.id)
      .execute();
    const uri = totpUri(secret, user.email, productName);
    const qr = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
    return { method: 'totp' as const, secret, uri, qr, phone: '' };
  }
  await db
    .updateTable('twofa_settings')
    .set({ pending_method: 'phone', pending_phone: request.phone, updated_at: nowIso() })
    .where('user_id', '=', user.id)
    .execute();
  const code = await issuePhoneCode(db, user.id, 'setup');
  await sendCode(request.phone, code);
  return { method: 'phone' as const, secret: '', uri: '', qr: '', phone: maskPhone(request.phone) };
}

/** Refuses a code that is not the pending method's; refuses when no setup was started. */
async function checkPendingCode(db: Database, fieldKey: FieldKeys, row: TwofaRow, code: string) {
  if (row.pending_method === 'totp' && row.pending_secret_sealed) {
    const outcome = await acceptTotp(db, fieldKey, row.user_id, row.pending_secret_sealed, code);
    if (outcome !== 'ok') throw otpError('otp.incorrect');
  } else if (row.pending_method === 'phone' && row.pending_phone) {
    if (!(await consumePhoneCode(db, row.user_id, 'setup', code))) {
      throw otpError('otp.expired.or.incorrect');
    }
  } else {
    throw new AppError('TWOFA_NOT_STARTED', formatMessage('twofa.enable.failed'), {
      status: 400,
    });
  }
}

/**
 * Turns the pending method on once its code checks, with new recovery codes (returned, shown
 * once); `alongside` writes the audit line, given the method's name, in the same transaction.
 */
export async function enablePending(
  db: Database,
  fieldKey: FieldKeys,
  userId: string,
  code: string,
  alongside: (tx: Executor, method: string) => Promise<void>,
): Promise<string[]> {
  const row = await ensureTwofa(db, userId);
  await checkPendingCode(db, fieldKey, row, code);
  const recovery = newRecoveryCodes();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('twofa_settings')
      .set({
        is_enabled: 1,
        method: row.pending_method,
        totp_secret_sealed: row.pending_method === 'totp' ? row.pending_secret_sealed : '',
        phone: row.pending_method === 'phone' ? row.pending_phone : '',
        pending_method: '',
        pending_secret_sealed: '',
        pending_phone: '',
        recovery_hashes: recovery.hashes,
        blocked_until: null,
        updated_at: nowIso(),
      })
      .where('user_id', '=', userId)
      .execute();
    await alongside(tx, methodName(row.pending_method));
  });
  return recovery.codes;
}

/** The user's two-factor settings when two-factor is on; the spec's refusal otherwise. */
export async function enabledTwofaOf(db: Executor, userId: string): Promise<TwofaRow> {
  const row = await twofaOf(db, userId);
  if (row?.is_enabled !== 1) {
    throw new AppError('TWOFA_NOT_ENABLED', formatMessage('twofa.disable.failed'), {
      status: 400,
    });
  }
  return row;
}

/** New recovery codes (returned, shown once) in place of the old ones. */
export async function replaceRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const recovery = newRecoveryCodes();
  await db
    .updateTable('twofa_settings')
    .set({ recovery_hashes: recovery.hashes, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
  return recovery.codes;
}
