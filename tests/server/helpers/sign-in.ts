import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Agent } from './agent';

/** The password every demo user of the seed signs in with. */
export const DEMO_PASSWORD = 'Demo@1234';

export interface SignInOptions {
  readonly password?: string;
  /** The client's address: a fresh one per client keeps the per-address rate limits apart. */
  readonly ip?: string;
}

/** A client signed in as `login`; the test fails with the server's answer when it cannot sign in. */
export async function signedInAgent(
  app: FastifyInstance,
  kind: 'reseller' | 'partner',
  login: string,
  { password = DEMO_PASSWORD, ip }: SignInOptions = {},
): Promise<Agent> {
  const agent = new Agent(app, ip);
  const response = await agent.signIn(kind, login, password);
  expect(response.statusCode, `${kind} sign-in of ${login}: ${response.body}`).toBe(200);
  return agent;
}

/** Client addresses `${prefix}${first}`, `${prefix}${first + 1}`, …: one new address per call. */
export function addressesFrom(prefix: string, first = 1): () => string {
  let next = first;
  return () => `${prefix}${String(next++)}`;
}
