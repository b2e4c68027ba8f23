import crypto from 'node:crypto';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import { addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { verifyPassword } from '../passwords';
import { errorCodes } from '../../../src/domain/api/envelope';
import type { ProfileUpdate } from '../../../src/domain/api/partner-account';
import { partnerProfileMessages } from '../../../src/domain/api/partner-account';
import { messages } from '../../../src/domain/messages';
import { partnerRow } from './account';
import { findCountry, statesOf } from './geo';

/** A confirmation link works for 24 hours, once (as the reseller e-mail change). */
export const PARTNER_EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

const columns = {
  companyName: 'company_name',
  dbaname: 'dba_name',
  contactPerson: 'contact_person',
  emailId: 'email',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  country: 'country',
  phoneNumber: 'phone',
  paypalEmailId: 'paypal_email',
} as const;
type Column = (typeof columns)[keyof typeof columns];

/**
 * Fields that would let whoever holds a session take the account or its money: the sign-in and
 * reset address, and where payouts go. Changing one needs the current password and is told to
 * the current address; the sign-in address changes only once its link is followed.
 */
const CREDENTIAL_COLUMNS: readonly Column[] = ['email', 'paypal_email'];

export interface ProfileUpdateResult {
  changed: boolean;
  /** The new sign-in address, waiting for its link; its token goes in the mail to it. */
  pendingEmail?: { address: string; token: string };
  /** Credential-like fields changed or asked for, which the current address must hear of. */
  credentialFields: Column[];
  /** The address the partner has now (the one that is told). */
  currentEmail: string;
  contactPerson: string;
}

function collectChanges(partner: Record<Column, string>, input: ProfileUpdate) {
  const changes: Partial<Record<Column, string>> = {};
  for (const [key, column] of Object.entries(columns) as [keyof typeof columns, Column][]) {
    let value = input[key].trim();
    if (value === '') continue;
    if (key === 'emailId' || key === 'paypalEmailId') value = value.toLowerCase();
    if (key === 'contactPerson') value = value.replace(/\s+/g, ' ');
    if (key === 'country') {
      const country = findCountry(value);
      if (!country) {
        throw new AppError(errorCodes.RULE_FAILED, 'Select a country', { field: 'country' });
      }
      value = country.name;
    }
    if (partner[column] !== value) changes[column] = value;
  }
  const country = changes.country ?? partner.country;
  const state = changes.state ?? partner.state;
  if ((changes.country !== undefined || changes.state !== undefined) && statesOf(country).length) {
    if (!statesOf(country).includes(state)) {
      throw new AppError(errorCodes.RULE_FAILED, messages['state.select'], {
        field: 'state',
      });
    }
  }
  return changes;
}

async function assertEmailFree(db: Executor, email: string, partnerId: string) {
  const taken = await db
    .selectFrom('partners')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', partnerId)
    .executeTakeFirst();
  if (taken) {
    throw new AppError(errorCodes.CONFLICT, messages['email.exists'], {
      field: 'emailId',
    });
  }
}

/** A new live request for `email`; any earlier one stops working. Returns the link's token. */
async function requestEmailChange(db: Executor, partnerId: string, email: string) {
  const now = nowIso();
  await db
    .updateTable('partner_email_changes')
    .set({ closed_at: now })
    .where('partner_id', '=', partnerId)
    .where('closed_at', 'is', null)
    .execute();
  const token = randomToken(32);
  await db
    .insertInto('partner_email_changes')
    .values({
      id: crypto.randomUUID(),
      partner_id: partnerId,
      new_email: email,
      token_hash: sha256(token),
      created_at: now,
      expires_at: addSeconds(now, PARTNER_EMAIL_CHANGE_TTL_SECONDS),
      closed_at: null,
    })
    .execute();
  return token;
}

/**
 * Applies the non-empty values that differ. The sign-in address waits for its link; a
 * credential-like change needs the current password. Run in a transaction.
 */
export async function updateProfile(
  db: Executor,
  partnerId: string,
  input: ProfileUpdate,
): Promise<ProfileUpdateResult> {
  const partner = await partnerRow(db, partnerId);
  const changes = collectChanges(partner, input);
  const credentialFields = CREDENTIAL_COLUMNS.filter((column) => changes[column] !== undefined);
  if (
    credentialFields.length > 0 &&
    !(await verifyPassword(partner.password_hash, input.currentPassword))
  ) {
    throw new AppError(
      errorCodes.INVALID_PASSWORD,
      input.currentPassword
        ? messages['password.incorrect']
        : partnerProfileMessages.passwordNeeded,
      { field: 'currentPassword', status: 400 },
    );
  }
  let pendingEmail: ProfileUpdateResult['pendingEmail'];
  if (changes.email !== undefined) {
    await assertEmailFree(db, changes.email, partnerId);
    pendingEmail = {
      address: changes.email,
      token: await requestEmailChange(db, partnerId, changes.email),
    };
    delete changes.email;
  }
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable('partners')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', partnerId)
      .execute();
  }
  return {
    changed: Object.keys(changes).length > 0,
    pendingEmail,
    credentialFields,
    currentEmail: partner.email,
    contactPerson: partner.contact_person,
  };
}

/** The partner's address waiting for its link, if any. */
export async function pendingPartnerEmail(db: Executor, partnerId: string) {
  const row = await db
    .selectFrom('partner_email_changes')
    .select('new_email')
    .where('partner_id', '=', partnerId)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.new_email;
}

/** Applies the change a link names, once, if the address is still free. Run in a transaction. */
export async function confirmPartnerEmailChange(tx: Executor, token: string) {
  const now = nowIso();
  const row = await tx
    .selectFrom('partner_email_changes as c')
    .innerJoin('partners as p', 'p.id', 'c.partner_id')
    .select([
      'c.id',
      'c.new_email',
      'p.id as partner_id',
      'p.email as old_email',
      'p.contact_person',
    ])
    .where('c.token_hash', '=', sha256(token))
    .where('c.closed_at', 'is', null)
    .where('c.expires_at', '>', now)
    .executeTakeFirst();
  const expired = () =>
    new AppError(errorCodes.EXPIRED_LINK, partnerProfileMessages.linkExpired, { status: 400 });
  if (!row) throw expired();
  await assertEmailFree(tx, row.new_email, row.partner_id);
  const closed = await tx
    .updateTable('partner_email_changes')
    .set({ closed_at: now })
    .where('id', '=', row.id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (closed.numUpdatedRows === 0n) throw expired();
  await tx
    .updateTable('partners')
    .set({ email: row.new_email, updated_at: now })
    .where('id', '=', row.partner_id)
    .execute();
  return row;
}
