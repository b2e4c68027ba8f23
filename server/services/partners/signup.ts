import crypto from 'node:crypto';
import { AppError, conflict } from '../../app-error';
import type { Executor } from '../../db/database';
import { nowIso } from '../clock';
import { hashPassword } from '../passwords';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  partnerAccountMessages,
  signupFormProblems,
  type PartnerSignup,
  type PartnerSignupStart,
} from '../../../src/domain/api/partner-account';
import { messages } from '../../../src/domain/messages';
import { checkPasswordPolicy } from '../../../src/domain/password-policy';
import { findCountry, statesOf } from './geo';

const refusedByRule = (field: string, message: string) =>
  new AppError(errorCodes.RULE_FAILED, message, { field });

/** Step one: the partner ID and e-mail are free, the password follows the rules. */
export async function checkSignupStart(
  db: Executor,
  form: PartnerSignupStart,
  domainNames: string[],
): Promise<void> {
  const [problem] = signupFormProblems({ ...form, hearAbout: '', referal_others: '' });
  if (problem) throw refusedByRule(problem.field, problem.message);
  const policy = checkPasswordPolicy({
    newPassword: form.password,
    confirmPassword: form.confirmPassword,
    email: form.emailId,
    domainNames,
  });
  if (policy) throw refusedByRule('password', policy);
  const partnerId = form.partnerId.toLowerCase();
  const email = form.emailId.toLowerCase();
  const taken = await db
    .selectFrom('partners')
    .select(['partner_id', 'email'])
    .where((eb) => eb.or([eb('partner_id', '=', partnerId), eb('email', '=', email)]))
    .execute();
  if (taken.some((p) => p.partner_id === partnerId)) {
    throw conflict(partnerAccountMessages.partnerIdTaken, 'partnerId');
  }
  if (taken.some((p) => p.email === email)) {
    throw conflict(messages['email.exists'], 'emailId');
  }
}

/** Creates the partner (awaiting the W-9). Returns the new partner's row id. */
export async function createPartner(
  db: Executor,
  form: PartnerSignup,
  domainNames: string[],
): Promise<string> {
  await checkSignupStart(db, form, domainNames);
  const [problem] = signupFormProblems(form);
  if (problem) throw refusedByRule(problem.field, problem.message);
  const country = findCountry(form.country);
  if (!country) throw refusedByRule('country', partnerAccountMessages.countryRequired);
  const states = statesOf(country.code);
  if (states.length > 0 && !states.includes(form.state)) {
    throw refusedByRule('state', messages['state.select']);
  }
  const id = crypto.randomUUID();
  const now = nowIso();
  try {
    await db
      .insertInto('partners')
      .values({
        id,
        partner_id: form.partnerId.toLowerCase(),
        email: form.emailId.toLowerCase(),
        password_hash: await hashPassword(form.password),
        company_name: form.companyName,
        dba_name: form.dbaname,
        contact_person: form.contactPerson.replace(/\s+/g, ' '),
        address1: form.address1,
        address2: form.address2,
        city: form.city,
        state: form.state,
        zip: form.zip,
        country: country.name,
        phone: form.phoneNumber,
        partner_type: form.partnerType,
        paypal_email: form.paypalEmailId.toLowerCase(),
        hear_about: form.hearAbout,
        referal_others: form.hearAbout === 'others' ? form.referal_others : '',
        account_status: 'W9_PENDING',
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch {
    // Two signups racing for the same ID or e-mail: the unique index decides.
    throw conflict(messages['account.register.failed']);
  }
  return id;
}
