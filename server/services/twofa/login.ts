import type { FastifyReply } from 'fastify';
import { TWOFA_LOGIN_STEP } from '../../../src/domain/api/two-factor-step';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
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
 * sent to the second step. Returns that step's path, or null when no second factor is needed.
 */
export async function startSecondFactor(
  db: Executor,
  reply: FastifyReply,
  config: Config,
  userId: string,
): Promise<string | null> {
  const row = await twofaOf(db, userId);
  if (row?.is_enabled !== 1) return null;
  const token = await issueChallenge(db, userId);
  reply.setCookie(TWOFA_COOKIE, token, {
    httpOnly: true,
    secure: config.isHttps,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: CHALLENGE_TTL_SECONDS,
  });
  return TWOFA_LOGIN_STEP;
}
