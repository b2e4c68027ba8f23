import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Agent } from './agent';

/** Does what the ALTCHA widget does in a browser: fetch a challenge, solve it, encode it. */
export async function solveCaptcha(agent: Agent): Promise<string> {
  const response = await agent.get('/rpc-api/captcha/challenge');
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.body}`);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha was not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
