import type { FastifyInstance } from 'fastify';
import { signedInAgent } from './sign-in';

/**
 * The account's reseller API key, read the way the console's API Keys tab does (signed in as
 * the administrator, password again); the first read makes the account's first key.
 */
export async function resellerApiKey(
  app: FastifyInstance,
  adminEmail: string,
  ip?: string,
): Promise<string> {
  const admin = await signedInAgent(app, 'reseller', adminEmail, ip ? { ip } : {});
  const response = await admin.post('/rpc-api/reseller/config/token/generate', {
    password: 'Demo@1234',
  });
  if (response.statusCode !== 200) throw new Error(`no API key: ${response.body}`);
  const key = response.json<{ message: { token: string }[] }>().message[0]?.token;
  if (!key) throw new Error('no API key in the answer');
  return key;
}
