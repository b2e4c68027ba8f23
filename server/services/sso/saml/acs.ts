import type { SsoTestOutcome } from '../../../../src/domain/api/sso';
import type { AppContext } from '../../../context';

/** What the SAML services use of the app's context. */
type SamlContext = Pick<AppContext, 'config' | 'db' | 'secrets'>;
import { nowIso } from '../../clock';
import { SsoError, type VerifiedIdentity } from '../complete-sign-in';
import { loadSsoConfig, type SsoConfig } from '../config';
import type { FlowState } from '../finish-page';
import {
  emailOf,
  isMfaDone,
  parseDom,
  readAssertion,
  readEnvelope,
  type AssertionFacts,
} from './assertion';
import { CLOCK_SKEW_MS, samlClient, spEndpoints } from './sp';

/** What failed, in the classes "Test sign-in" reports in plain words (ssoTestOutcomes). */
type SamlFailureKind = Extract<
  SsoTestOutcome,
  'certificate' | 'audience' | 'clock' | 'attribute' | 'request' | 'idp'
>;

/** The catalogue's "SAML authentication has failed" on the page; the detail goes to the log. */
const fail = (outcome: SamlFailureKind, detail: string): never => {
  throw new SsoError('saml', outcome, `SAML: ${detail}`);
};

/** node-saml's refusals, by the class of fault an admin can act on. */
function classify(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const outcome: SamlFailureKind =
    /signature|No response found|Cannot obtain assertion|multiple/i.test(message)
      ? 'certificate'
      : /audience/i.test(message)
        ? 'audience'
        : /expired|not yet valid|too old/i.test(message)
          ? 'clock'
          : /SAML provider returned/i.test(message)
            ? 'idp'
            : 'request';
  return new SsoError('saml', outcome, `SAML: ${message}`);
}

type PendingRequest = { id: string; test_only: number; return_path: string } | undefined;

async function pendingRequest(ctx: SamlContext, accountId: string, id: string) {
  return ctx.db
    .selectFrom('sso_requests')
    .select(['id', 'test_only', 'return_path'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('protocol', '=', 'saml')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

/** Recipient, destination, issuer and the bearer confirmation's window: node-saml leaves them. */
function checkDelivery(
  config: SsoConfig,
  acsUrl: string,
  facts: AssertionFacts,
  envelope: { destination?: string; inResponseTo?: string },
) {
  if (envelope.destination !== undefined && envelope.destination !== acsUrl)
    fail('audience', `Destination ${envelope.destination} is not ${acsUrl}`);
  if (facts.issuer !== config.saml.idpEntityId)
    fail('certificate', `Issuer ${String(facts.issuer)} is not ${String(config.saml.idpEntityId)}`);
  const now = Date.now();
  const usable = facts.confirmations.filter(
    (c) =>
      c.recipient === acsUrl &&
      c.inResponseTo === envelope.inResponseTo &&
      (!c.notOnOrAfter || Date.parse(c.notOnOrAfter) + CLOCK_SKEW_MS > now),
  );
  if (usable.length > 0) return;
  const first = facts.confirmations[0];
  if (!first) fail('attribute', 'No bearer SubjectConfirmation in the assertion');
  if (first?.recipient !== acsUrl)
    fail('audience', `Recipient ${String(first?.recipient)} is not ${acsUrl}`);
  if (first?.inResponseTo !== envelope.inResponseTo)
    fail('request', 'SubjectConfirmationData InResponseTo differs from the Response');
  fail('clock', `SubjectConfirmationData expired at ${String(first?.notOnOrAfter)}`);
}

/**
 * Checks a SAMLResponse posted to an account's ACS and, when every check passes, uses up its
 * AuthnRequest and records its assertion ID (both in one transaction, so a replay on any
 * instance, or a second use of the request, is refused). Throws SsoError when refused; `state`
 * learns whether this was the admin's test as soon as the pending request is read.
 */
export async function consumeSamlResponse(
  ctx: SamlContext,
  accountId: string,
  samlResponse: string,
  state: FlowState,
): Promise<VerifiedIdentity> {
  try {
    const config = await loadSsoConfig(ctx.db, accountId);
    if (config?.protocol !== 'saml' || config.saml.idpCerts.length === 0)
      return fail('idp', 'the account has no SAML configuration');
    state.accountId = accountId;
    const doc = parseDom(Buffer.from(samlResponse, 'base64').toString('utf8'));
    const envelope = doc && readEnvelope(doc);
    if (!envelope) return fail('certificate', 'not a SAML Response');

    let request: PendingRequest;
    if (envelope.inResponseTo) {
      request = await pendingRequest(ctx, accountId, envelope.inResponseTo);
      if (!request) fail('request', `InResponseTo ${envelope.inResponseTo} unknown or used`);
      state.testOnly = request?.test_only === 1;
    } else if (!config.allowIdpInitiated) {
      fail('request', 'IdP-initiated sign-in (no InResponseTo) while it is turned off');
    }

    const saml = await samlClient(ctx, config);
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    const facts = profile?.getAssertionXml && readAssertion(profile.getAssertionXml());
    if (!profile || !facts) return fail('certificate', 'no signed assertion');
    const { acsUrl } = spEndpoints(ctx.config.publicOrigin, accountId);
    checkDelivery(config, acsUrl, facts, envelope);
    if (!facts.id) fail('attribute', 'the assertion has no ID');
    const subject = facts.nameId;
    if (!subject) return fail('attribute', 'the assertion has no NameID');

    await useOnce(ctx, accountId, request?.id, facts);
    return {
      accountId,
      protocol: 'saml',
      subject,
      email: emailOf(facts) ?? null,
      // SAML carries no "verified" flag: the account's own IdP, whose signature was just
      // checked, vouches for the address it sends (the admin chose to trust it).
      emailVerified: true,
      mfaDone: isMfaDone(facts),
      testOnly: state.testOnly,
      returnPath: request?.return_path || null,
      logoutHint: {
        protocol: 'saml',
        nameId: subject,
        nameIdFormat: profile.nameIDFormat,
        ...(profile.sessionIndex ? { sessionIndex: profile.sessionIndex } : {}),
      },
    };
  } catch (error) {
    throw classify(error);
  }
}

/** Until when an assertion ID must be remembered: as long as any part of it is still valid. */
function rememberUntil(facts: AssertionFacts): string {
  const times = [facts.notOnOrAfter, ...facts.confirmations.map((c) => c.notOnOrAfter)]
    .map((t) => (t ? Date.parse(t) : NaN))
    .filter((t) => Number.isFinite(t));
  // Without any NotOnOrAfter node-saml would not have accepted it; a day is a safe ceiling.
  const latest = times.length > 0 ? Math.max(...times) : Date.now() + 86_400_000;
  return new Date(latest + CLOCK_SKEW_MS).toISOString();
}

async function useOnce(
  ctx: SamlContext,
  accountId: string,
  requestId: string | undefined,
  facts: AssertionFacts,
) {
  const now = nowIso();
  await ctx.db.transaction().execute(async (tx) => {
    if (requestId) {
      const used = await tx
        .updateTable('sso_requests')
        .set({ used_at: now })
        .where('id', '=', requestId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) fail('request', `InResponseTo ${requestId} used already`);
    }
    const seen = await tx
      .insertInto('sso_seen_assertions')
      .values({
        account_id: accountId,
        assertion_id: String(facts.id),
        expires_at: rememberUntil(facts),
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'assertion_id']).doNothing())
      .returning('assertion_id')
      .executeTakeFirst();
    if (!seen) {
      fail('request', `Assertion ${String(facts.id)} was used already (replay)`);
    }
  });
}
