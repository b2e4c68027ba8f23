import crypto from 'node:crypto';
import type { PaidSignup, SignupAccount } from '../../../src/domain/api/signup';
import { signupMessages, signupProblems, TRIAL_DAYS } from '../../../src/domain/api/signup';
import { errorCodes } from '../../../src/domain/api/envelope';
import { PLAN_BULK_RESELLER, SUBSCRIPTION_TYPE_FREE_TRIAL } from '../../../src/domain/constants';
import { messages } from '../../../src/domain/messages';
import { passwordPolicyViolation } from '../../../src/domain/password-policy';
import { cleanName } from '../../../src/domain/validation';
import { AppError, conflict } from '../../app-error';
import type { Database, Executor } from '../../db/database';
import { recordAudit } from '../audit';
import { payForNewAccount } from '../billing/paid-signup';
import { attributeSignup } from '../partners/referrals';
import { addDays, addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { hashPassword } from '../passwords';
import type { RequestInfo } from '../reseller-users/users-common';

/** The verification link works for 7 days and once. */
const VERIFICATION_TTL_SECONDS = 7 * 86_400;

const refusedByRule = (field: string, message: string) =>
  new AppError(errorCodes.RULE_FAILED, message, { field });

const alreadyRegistered = () => conflict(messages['account.email.registered'], 'email');

/** Who is signing up from where: the audit context and the partner referral cookie, if any. */
export interface SignupSource extends RequestInfo {
  /** The `rpc_ref` cookie a partner's tracking link set (spec: affiliate/referral partners). */
  referralCookie: string | undefined;
}

export interface NewReseller {
  accountId: string;
  userId: string;
  email: string;
  firstName: string;
  /** The verification link's token; only its hash is stored. */
  verificationToken: string;
}

/**
 * The checks before anything is written or charged: the form's own cross-field rules, the
 * server's password rules and a free e-mail address. Usernames are unique across accounts, and
 * a signup's username is its e-mail, so any user holding it (even a cancelled one) blocks it.
 */
export async function checkSignup(
  db: Executor,
  form: SignupAccount,
  domainNames: string[],
): Promise<void> {
  const [problem] = signupProblems(form);
  if (problem) throw refusedByRule(problem.field, problem.message);
  const violation = passwordPolicyViolation({
    newPassword: form.password,
    confirmPassword: form.confirmPassword,
    email: form.email,
    domainNames,
  });
  if (violation) {
    throw refusedByRule(
      violation.field === 'newPassword' ? 'password' : violation.field,
      violation.message,
    );
  }
  const email = form.email.toLowerCase();
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', email)]))
    .executeTakeFirst();
  if (holder) throw alreadyRegistered();
}

const topic = () => crypto.randomBytes(9).toString('hex');

/** Inserts the account and its administrator, and the verification link. */
async function insertReseller(
  tx: Executor,
  form: SignupAccount,
  passwordHash: string,
  now: string,
  { referralCookie, ...info }: SignupSource,
  kind: 'trial' | 'paid',
): Promise<NewReseller> {
  const accountId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const email = form.email.toLowerCase();
  await tx
    .insertInto('reseller_accounts')
    .values({
      id: accountId,
      company_name: form.companyName,
      plan_name: PLAN_BULK_RESELLER,
      // A paid signup becomes PAID in the same transaction, when its plan is applied.
      subscription_type: SUBSCRIPTION_TYPE_FREE_TRIAL,
      account_status: 'A',
      payment_mode: 'NONE',
      start_date: now,
      end_date: addDays(now, TRIAL_DAYS),
      yearly_fee_minor: 0,
      currency: 'USD',
      ecom_flag: 1,
      proxy_topic: topic(),
      created_at: now,
    })
    .execute();
  await tx
    .insertInto('users')
    .values({
      id: userId,
      account_id: accountId,
      username: email,
      email,
      password_hash: passwordHash,
      first_name: cleanName(form.firstName),
      last_name: cleanName(form.lastName),
      role: 'admin',
      status: 'active',
      proxy_topic: topic(),
      preferences: '{}',
      created_at: now,
      updated_at: now,
      email_verified_at: null,
    })
    .execute();
  // A partner's referred customer from the first minute, so a paid signup's payment earns commission.
  await attributeSignup(tx, {
    cookie: referralCookie,
    resellerAccountId: accountId,
    customerName: `${cleanName(form.firstName)} ${cleanName(form.lastName)}`,
    customerEmail: email,
    now,
  });
  const verificationToken = randomToken(32);
  await tx
    .insertInto('signup_verifications')
    .values({
      token_hash: sha256(verificationToken),
      user_id: userId,
      created_at: now,
      expires_at: addSeconds(now, VERIFICATION_TTL_SECONDS),
      used_at: null,
    })
    .execute();
  await recordAudit(tx, {
    subjectKind: 'reseller',
    subjectId: userId,
    accountId,
    action: kind === 'trial' ? 'account.signup.trial' : 'account.signup.paid',
    target: email,
    ...info,
  });
  return { accountId, userId, email, firstName: cleanName(form.firstName), verificationToken };
}

/** Two signups racing for one address: the unique username decides, the loser is told why. */
async function insertOrExplain<T>(db: Executor, form: SignupAccount, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const holder = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', form.email.toLowerCase())
      .executeTakeFirst();
    if (holder) throw alreadyRegistered();
    throw new AppError(errorCodes.VALIDATION_FAILED, messages['account.register.failed'], {
      status: 503,
    });
  }
}

/** POST /reseller/freeRBSTrialSignup: a Bulk Reseller account on a TRIAL_DAYS free trial. */
export async function signUpForTrial(
  db: Database,
  form: SignupAccount,
  domainNames: string[],
  info: SignupSource,
): Promise<NewReseller> {
  await checkSignup(db, form, domainNames);
  const passwordHash = await hashPassword(form.password);
  return insertOrExplain(db, form, () =>
    db
      .transaction()
      .execute((tx) => insertReseller(tx, form, passwordHash, nowIso(), info, 'trial')),
  );
}

/** POST /reseller/paidRBSSignup: the account exists only once its first term is paid. */
export async function signUpPaid(
  db: Database,
  form: PaidSignup,
  domainNames: string[],
  info: SignupSource,
): Promise<NewReseller & { invoiceId: string }> {
  await checkSignup(db, form, domainNames);
  const passwordHash = await hashPassword(form.password);
  let created: NewReseller | undefined;
  const { invoiceId } = await insertOrExplain(db, form, () =>
    payForNewAccount(
      db,
      {
        planCode: form.planCode,
        term: form.term,
        card: {
          cardNumber: form.cardNumber,
          cvv: form.cvv,
          expMonth: form.expMonth,
          expYear: form.expYear,
          holder: form.holder,
        },
        address: {
          address1: form.address1,
          city: form.city,
          state: form.state,
          zip: form.zip,
          country: form.country,
        },
      },
      async (tx, now) => {
        created = await insertReseller(tx, form, passwordHash, now, info, 'paid');
        return created.accountId;
      },
    ),
  );
  if (!created)
    throw new AppError(errorCodes.VALIDATION_FAILED, messages['account.register.failed']);
  return { ...created, invoiceId };
}

const linkExpired = () =>
  new AppError(errorCodes.EXPIRED_LINK, signupMessages.linkExpired, { status: 400 });

/** POST /reseller/registration/process: the mailed link's token verifies the address, once. */
export async function processRegistration(db: Database, token: string, info: RequestInfo) {
  const now = nowIso();
  const tokenHash = sha256(token);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('signup_verifications as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['u.id', 'u.account_id', 'u.email'])
      .where('v.token_hash', '=', tokenHash)
      .where('u.status', '=', 'active')
      .executeTakeFirst();
    // Guarded by used_at and expiry, so two clicks racing with one link verify once.
    const claimed = await tx
      .updateTable('signup_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row || Number(claimed.numUpdatedRows) !== 1) throw linkExpired();
    const user = row;
    await tx
      .updateTable('users')
      .set({ email_verified_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    // A partner's referred customer counts as confirmed once the address is (the partner's
    // "unconfirmed users" list and its reminders read this).
    await tx
      .updateTable('partner_referrals')
      .set({ is_confirmed: 1 })
      .where('reseller_account_id', '=', user.account_id)
      .execute();
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: user.id,
      accountId: user.account_id,
      action: 'account.email.verified',
      target: user.email,
      ...info,
    });
    return { text: signupMessages.verified };
  });
}
