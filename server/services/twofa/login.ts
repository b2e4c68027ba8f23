import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWOFA_LOGIN_STEP } from '../../../src/domain/api/two-factor-step';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { SignedInBy } from '../sessions';
import { isTrustedBrowser, TRUSTED_BROWSER_COOKIE } from './trusted-browsers';
import { CHALLENGE_TTL_SECONDS, issueChallenge, twofaOf } from './twofa';

/** The pending second-factor sign-in, only ever sent to the two-factor login calls. */
export const TWOFA_COOKIE = 'rsr_2fa';
const COOKIE_PATH = '/rpc-api/reseller/twofa/login';

export function clearChallengeCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(TWOFA_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure: config.isHttps });
}

/**
 * Called by the password sign-in once the password is right: when the user has two-factor
 * authentication on, no session starts; a pending sign-in is issued instead and the console is
 * sent to the second step. Returns that step's path, or null when no second factor is needed:
 * two-factor authentication is off, or this browser is one the user trusted at the step.
 */
export async function startSecondFactor(
  ctx: Pick<AppContext, 'db' | 'config' | 'secrets'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  firstStep: SignedInBy,
): Promise<string | null> {
  const { db, config } = ctx;
  const row = await twofaOf(db, userId);
  if (row?.is_enabled !== 1) return null;
  const trusted = request.cookies[TRUSTED_BROWSER_COOKIE];
  if (await isTrustedBrowser(db, ctx.secrets, trusted, userId)) return null;
  const token = await issueChallenge(db, userId, firstStep);
  reply.setCookie(TWOFA_COOKIE, token, {
    httpOnly: true,
    secure: config.isHttps,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: CHALLENGE_TTL_SECONDS,
  });
  return TWOFA_LOGIN_STEP;
}
