import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SSO_DONE_PATH,
  SSO_ERROR_PARAM,
  SSO_TEST_PARAM,
  ssoErrorMessageKeys,
  ssoTestOutcomes,
  type SsoErrorKind,
  type SsoTestOutcome,
} from '../../../src/domain/api/sso';
import { formatMessage } from '../../../src/domain/messages';
import { RETURN_PATH_PARAM } from '../../../src/domain/return-path';
import type { AppContext } from '../../context';
import { requestContext } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { SsoError, type SsoOutcome } from './complete-sign-in';

const CONSOLE_BASE = '/rpc-app';
/** The admin screen "Test sign-in" comes back to. */
export const SSO_ADMIN_PATH = '/account/sso';
const SIGN_IN_PATH = '/reseller/login';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The identity provider hands the browser back by a cross-site navigation (OIDC: a redirect;
 * SAML: a form POST). On that request the browser withholds SameSite=Strict cookies, and Chrome
 * treats a redirect chain that started on another site as cross-site all the way. So the
 * callback does not redirect: it answers this small page of ours, which moves the browser on
 * (a meta refresh: the CSP forbids inline script), and that next request is same-site.
 * `target` is a console path (relative to /rpc-app) that the caller built, never user input.
 */
export function sendFinishPage(reply: FastifyReply, target: string, message: string): string {
  const url = escapeHtml(`${CONSOLE_BASE}${target}`);
  const text = escapeHtml(message);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${url}">
<title>Signing in</title>
</head>
<body>
<main>
<p role="status">${text}</p>
<p><a href="${url}">Continue</a></p>
</main>
</body>
</html>
`;
  reply.code(200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
  return html;
}

/** What the protocol learned before it failed: set as soon as its pending request is read. */
export interface FlowState {
  accountId: string | null;
  testOnly: boolean;
}

/**
 * Runs the end of an SSO flow for both protocols and answers the finish page: the console's
 * landing (or the second factor), the admin screen with the test's outcome, or the sign-in page
 * with the catalogue's message. What exactly failed goes to the server log only. Answers the
 * page's HTML for the route to return.
 */
export async function finishSsoFlow(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (state: FlowState) => Promise<SsoOutcome>,
): Promise<string> {
  const state: FlowState = { accountId: null, testOnly: false };
  try {
    const outcome = await run(state);
    if (outcome.kind === 'tested') {
      return sendFinishPage(reply, testTarget('ok'), ssoTestOutcomes.ok);
    }
    // The second factor is still to come (no session yet): straight to that step. Otherwise the
    // console's SSO landing marks the browser signed in (its own flag) and goes on to `next`.
    const target = outcome.next.startsWith(SIGN_IN_PATH)
      ? outcome.next
      : `${SSO_DONE_PATH}?${RETURN_PATH_PARAM}=${encodeURIComponent(outcome.next)}`;
    return sendFinishPage(reply, target, 'Signed in. Opening the console.');
  } catch (error) {
    const failure = classify(error);
    request.log.warn(
      { err: error, sso: { accountId: state.accountId, outcome: failure.outcome } },
      `SSO sign-in refused: ${failure.detail}`,
    );
    await recordAudit(ctx.db, {
      subjectKind: 'reseller',
      accountId: state.accountId,
      action: 'signin.sso.failed',
      ...requestContext(request),
      details: { outcome: failure.outcome, test: state.testOnly },
    });
    if (state.testOnly) {
      return sendFinishPage(reply, testTarget(failure.outcome), ssoTestOutcomes[failure.outcome]);
    }
    const message = formatMessage(ssoErrorMessageKeys[failure.kind]);
    const target = `${SIGN_IN_PATH}?${SSO_ERROR_PARAM}=${failure.kind}`;
    return sendFinishPage(reply, target, message);
  }
}

const testTarget = (outcome: SsoTestOutcome) => `${SSO_ADMIN_PATH}?${SSO_TEST_PARAM}=${outcome}`;

function classify(error: unknown): { kind: SsoErrorKind; outcome: SsoTestOutcome; detail: string } {
  if (error instanceof SsoError) {
    return { kind: error.kind, outcome: error.outcome, detail: error.detail };
  }
  // Anything the protocol did not classify: the catalogue's generic authentication error.
  return { kind: 'auth', outcome: 'idp', detail: error instanceof Error ? error.message : 'error' };
}
