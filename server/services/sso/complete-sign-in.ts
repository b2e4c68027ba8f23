import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeReturnPath, afterSignIn } from '../../../src/domain/return-path';
import {
  ssoErrorMessageKeys,
  type SsoErrorKind,
  type SsoProtocolName,
  type SsoTestOutcome,
} from '../../../src/domain/api/sso';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { requestContext } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { pastDueAction } from '../billing/pending-charges';
import { nowIso } from '../clock';
import { resellerLanding } from '../reseller-account/landing';
import { assertUsersWithinPlan } from '../reseller-users/plan-limit';
import { isEmailTaken } from '../reseller-users/users-repository';
import { startSecondFactor } from '../twofa/login';
import { openResellerSession } from '../open-reseller-session';
import type { SignedInBy } from '../sessions';
import { loadSsoConfig, markTested, type SsoConfig } from './config';
import { sealLogoutHint, type SsoLogoutHint } from './logout-hint';

/** The machine code of every refused SSO sign-in; the message is the catalogue's. */
export const SSO_FAILED = 'SSO_FAILED';

/**
 * A refused SSO sign-in. The page shows only the catalogue's message (`kind`); "Test sign-in"
 * reports `outcome` in plain words; `detail` (what exactly failed) goes to the server log only.
 */
export class SsoError extends AppError {
  constructor(
    readonly kind: SsoErrorKind,
    readonly outcome: SsoTestOutcome,
    readonly detail: string,
  ) {
    super(SSO_FAILED, formatMessage(ssoErrorMessageKeys[kind]), {
      status: kind === 'not-enabled' ? 403 : 401,
    });
    this.name = 'SsoError';
  }
}

/** What the identity provider vouched for, once the protocol's checks have passed. */
export interface VerifiedIdentity {
  accountId: string;
  protocol: SsoProtocolName;
  /** SAML NameID or OIDC `sub`: stable at the IdP. */
  subject: string;
  email: string | null;
  /** Only a verified e-mail may match (and then bind) an existing user. */
  emailVerified: boolean;
  /** The IdP says a second factor was used (OIDC amr/acr, SAML AuthnContext). */
  mfaDone: boolean;
  /** The admin's "Test sign-in": report, record tested_at, start no session. */
  testOnly: boolean;
  /** A console path to return to (checked again here). */
  returnPath: string | null;
  /** What the IdP's sign-out will need about this sign-in. */
  logoutHint?: SsoLogoutHint;
}

/** Where the browser goes next, and for a test the outcome to report. */
export type SsoOutcome =
  { kind: 'signed-in'; next: string } | { kind: 'tested'; outcome: 'ok'; email: string };

interface MatchedUser {
  id: string;
  account_id: string;
  email: string;
  role: 'admin' | 'sub_admin' | 'sub_user';
  status: string;
  sso_flag: number;
  user_sso_status: number;
}

const userColumns = [
  'users.id',
  'users.account_id',
  'users.email',
  'users.role',
  'users.status',
  'users.sso_flag',
  'users.user_sso_status',
] as const;

/**
 * Whether this user signs in through SSO: the account's SSO is on and the user's flags say so.
 * The administrator may always use it once the account's SSO is on, and keeps the password
 * sign-in too (break-glass: the admin's user_sso_status stays 0, see enableSso).
 */
export function isSsoEnabledFor(user: MatchedUser, config: SsoConfig): boolean {
  if (config.scope === 'off') return false;
  if (user.role === 'admin') return true;
  return user.sso_flag === 1 && user.user_sso_status === 1;
}

/** The user the IdP's identity names, only inside the account whose SSO answered. */
async function matchUser(
  db: Executor,
  identity: VerifiedIdentity,
): Promise<MatchedUser | 'ambiguous' | undefined> {
  const bound = await db
    .selectFrom('sso_identities')
    .innerJoin('users', 'users.id', 'sso_identities.user_id')
    .select(userColumns)
    .where('sso_identities.account_id', '=', identity.accountId)
    .where('sso_identities.subject', '=', identity.subject)
    // The join cannot cross accounts even if a row were ever wrong.
    .where('users.account_id', '=', identity.accountId)
    .executeTakeFirst();
  if (bound) return bound;
  if (!identity.email || !identity.emailVerified) return undefined;
  const byEmail = await db
    .selectFrom('users')
    .select(userColumns)
    .where('users.account_id', '=', identity.accountId)
    .where('users.email', '=', identity.email.trim().toLowerCase())
    .where('users.status', '!=', 'cancelled')
    .execute();
  if (byEmail.length > 1) return 'ambiguous';
  return byEmail[0];
}

async function bindIdentity(db: Executor, identity: VerifiedIdentity, userId: string) {
  await db
    .insertInto('sso_identities')
    .values({
      account_id: identity.accountId,
      subject: identity.subject,
      user_id: userId,
      protocol: identity.protocol,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['account_id', 'subject']).doNothing())
    .execute();
}

/** Just-in-time: an unknown user becomes a sub-user with SSO on, if the plan has room. */
async function createJitUser(
  ctx: Pick<AppContext, 'db'>,
  identity: VerifiedIdentity,
  email: string,
): Promise<MatchedUser> {
  return ctx.db.transaction().execute(async (tx) => {
    await assertUsersWithinPlan(tx, identity.accountId, 1);
    const now = nowIso();
    const id = crypto.randomUUID();
    // The username is unique across accounts: the e-mail when free, else a suffixed one.
    const username = (await isEmailTaken(tx, email))
      ? `${email.split('@')[0] ?? 'user'}.${crypto.randomBytes(3).toString('hex')}`
      : email;
    const row = {
      id,
      account_id: identity.accountId,
      username,
      email,
      // No password: this user signs in through the identity provider only.
      password_hash: '',
      first_name: '',
      last_name: '',
      role: 'sub_user' as const,
      status: 'active' as const,
      sso_flag: 1,
      user_sso_status: 1,
      proxy_topic: crypto.randomBytes(9).toString('hex'),
      invited_by: null,
      cancelled_at: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    };
    await tx.insertInto('users').values(row).execute();
    await bindIdentity(tx, identity, id);
    await recordAudit(tx, {
      subjectKind: 'system',
      accountId: identity.accountId,
      action: 'sso.user.created',
      target: email,
    });
    return { ...row };
  });
}

async function findOrCreateUser(
  ctx: Pick<AppContext, 'db'>,
  config: SsoConfig,
  identity: VerifiedIdentity,
): Promise<MatchedUser> {
  const matched = await matchUser(ctx.db, identity);
  if (matched === 'ambiguous') {
    throw new SsoError('login', 'user', `e-mail ${String(identity.email)} names several users`);
  }
  if (matched) {
    await bindIdentity(ctx.db, identity, matched.id);
    return matched;
  }
  const email = identity.email?.trim().toLowerCase();
  if (config.jitProvisioning && !identity.testOnly && email && identity.emailVerified) {
    try {
      return await createJitUser(ctx, identity, email);
    } catch (error) {
      throw new SsoError('login', 'user', `just-in-time creation refused: ${String(error)}`);
    }
  }
  throw new SsoError('login', 'user', `no user for subject ${identity.subject} / ${String(email)}`);
}

/**
 * The end of every SSO sign-in, SAML or OIDC, once the protocol has checked the IdP's answer:
 * matches the user inside the account, then either reports the test or starts exactly the
 * session the password sign-in starts. Throws SsoError (or AppError) when refused.
 */
export async function completeSsoSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: VerifiedIdentity,
): Promise<SsoOutcome> {
  const config = await loadSsoConfig(ctx.db, identity.accountId);
  if (!config) throw new SsoError('login', 'idp', 'the account has no SSO configuration');
  if (!identity.testOnly && config.scope === 'off') {
    throw new SsoError('not-enabled', 'user', 'the account has SSO off');
  }
  const user = await findOrCreateUser(ctx, config, identity);
  if (user.status !== 'active') {
    throw new SsoError('login', 'user', `user ${user.id} is ${user.status}`);
  }
  if (identity.testOnly) {
    await markTested(ctx.db, identity.accountId);
    await recordAudit(ctx.db, {
      subjectKind: 'reseller',
      subjectId: user.id,
      accountId: identity.accountId,
      action: 'sso.tested',
      target: user.email,
      ...requestContext(request),
    });
    return { kind: 'tested', outcome: 'ok', email: user.email };
  }
  if (!isSsoEnabledFor(user, config)) {
    throw new SsoError('not-enabled', 'user', `SSO is not on for user ${user.id}`);
  }
  return startSsoSession(ctx, request, reply, user, identity);
}

/** The password path's session, opened by the identity provider's word instead. */
async function startSsoSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: MatchedUser,
  identity: VerifiedIdentity,
): Promise<SsoOutcome> {
  const account = await ctx.db
    .selectFrom('reseller_accounts')
    .select('account_status')
    .where('id', '=', user.account_id)
    .executeTakeFirst();
  if (account?.account_status === 'ACCOUNT_CANCELLED_STATUS') {
    throw new SsoError('login', 'user', `account ${user.account_id} is cancelled`);
  }
  const dueAction = await pastDueAction(ctx.db, user.id);
  if (dueAction === 'contact') throw new SsoError('login', 'user', 'charges past due');
  const returnPath = safeReturnPath(identity.returnPath);
  const by: SignedInBy = {
    method: identity.protocol === 'saml' ? 'sso_saml' : 'sso_oidc',
    ssoLogoutSealed:
      identity.logoutHint && sealLogoutHint(ctx.secrets.fieldKey, identity.logoutHint),
  };
  if (!identity.mfaDone) {
    // The console's own second step, which then opens a session signed in this way.
    const secondStep = await startSecondFactor(ctx, request, reply, user.id, by);
    if (secondStep) return { kind: 'signed-in', next: afterSignIn(secondStep, returnPath) };
  }
  await openResellerSession(ctx, request, reply, {
    userId: user.id,
    accountId: user.account_id,
    action: 'signin.sso',
    ...by,
    details: { protocol: identity.protocol, mfaDone: identity.mfaDone },
  });
  const landing =
    dueAction === 'pay' ? '/account/billingInfo' : await resellerLanding(ctx.db, user.id);
  return { kind: 'signed-in', next: afterSignIn(landing, returnPath) };
}
