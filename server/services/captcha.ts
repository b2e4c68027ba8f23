import crypto from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { Executor } from '../db/database';
import type { Secrets } from './secrets';
import { addSeconds, nowIso } from './clock';

/** A challenge must be solved and used within this time. */
const CHALLENGE_TTL_SECONDS = 10 * 60;
/** PBKDF2 rounds per attempt: with the counter range, about a second of work in a browser. */
const PBKDF2_COST = 1000;

/**
 * The self-hosted proof-of-work captcha (ALTCHA, spec section 8 "Captcha"). The server signs a
 * challenge whose answer is a counter the browser finds by trying each value in turn; the
 * signature and expiry travel in the challenge, so no state is kept until a solution is used.
 * A used challenge is recorded until it expires, so one solution opens one door.
 */
export function createCaptcha(config: Config, secrets: Secrets) {
  // A key of its own, derived so that rotating it never touches the session tokens.
  // Challenges are made with the key in force; one made just before a rotation still verifies.
  const captchaKey = (key: string) =>
    crypto.createHmac('sha256', key).update('altcha').digest('hex');
  const hmacSecret = captchaKey(secrets.token.current);
  const olderSecrets = secrets.token.previous.map(captchaKey);
  const work = config.captchaWork;

  async function challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: PBKDF2_COST,
      counter: randomInt(Math.ceil(work / 3), work),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
      hmacSignatureSecret: hmacSecret,
    });
  }

  /**
   * Checks the widget's payload (base64 JSON of the challenge and its solution) and spends it.
   * Blank: "Please verify captcha"; anything else wrong: INVALID_CAPTCHA.
   */
  async function verify(db: Executor, payload: string): Promise<void> {
    if (payload.trim() === '') {
      throw new AppError(errorCodes.RULE_FAILED, formatMessage('captcha.verify'), {
        field: 'altcha',
      });
    }
    const failed = new AppError(errorCodes.INVALID_CAPTCHA, formatMessage('captcha.failed'), {
      field: 'altcha',
    });
    const parsed = parsePayload(payload);
    if (!parsed) throw failed;
    let verified = false;
    for (const secret of [hmacSecret, ...olderSecrets]) {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      }).catch(() => null);
      verified = result?.verified === true;
      if (verified) break;
    }
    if (!verified) throw failed;
    const now = nowIso();
    await db.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
    // The primary key makes the second use of one challenge fail, even when both race.
    const spent = await db
      .insertInto('captcha_uses')
      .values({
        challenge_id: parsed.challenge.parameters.nonce,
        expires_at: addSeconds(now, CHALLENGE_TTL_SECONDS),
      })
      .onConflict((oc) => oc.column('challenge_id').doNothing())
      .executeTakeFirst();
    if (Number(spent.numInsertedOrUpdatedRows ?? 0n) !== 1) throw failed;
  }

  return { challenge, verify };
}

export type Captcha = ReturnType<typeof createCaptcha>;

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string().min(1).max(200),
        salt: z.string().max(200),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
      })
      .loose(),
    signature: z.string().optional(),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(200),
    time: z.number().optional(),
  }),
});

function parsePayload(payload: string): Payload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
