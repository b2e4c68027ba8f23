import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { Agent } from './agent';
import { mailsTo } from './outbox';
import type { TestApp } from './test-app';

/*
 * One valid call of each state-changing reseller route, in an order where each finds what it
 * needs (the user to delete was invited before it), and the activity-log entries it must leave.
 * The walk (activity-log-coverage.test.ts) runs them against the app's own route table.
 */

export interface WalkStep {
  method: 'GET' | 'POST';
  url: string;
  /** The labels of the entries the call leaves, in the order written (almost always one). */
  labels: string[];
  /** The first entry's target, exactly, or true when any non-empty target will do. */
  target?: string | true;
  /** Set-up that may leave entries of its own (they are not counted). */
  prepare?: (w: Walk) => Promise<void>;
  run: (w: Walk) => Promise<LightMyRequestResponse>;
}

export const PASSWORD = 'Demo@1234';
export const WALKER = 'walker@walk.example.com';
const INVITEE = 'invitee@walk.example.com';
export const API_INVITEE = 'api.invitee@walk.example.com';
export const goodCard = {
  cardNumber: '4242424242424242',
  cvv: '123',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  holder: 'Riley Morgan',
};
export const address = {
  address1: '500 Howard Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
};
export const signupForm = (email: string) => ({
  firstName: 'Alex',
  lastName: 'Stone',
  companyName: 'Stone Remote IT',
  email,
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
});

/** The walk's shared state: the app, signed-in agents and what earlier steps created. */
export class Walk {
  private ip = 1;
  readonly ids = new Map<string, string>();
  admin!: Agent;
  eu!: Agent;
  walker!: Agent;
  walkerPassword = 'Walk@12345';
  walkerEmail = WALKER;
  apiKey = '';
  totpSecret = '';
  recoveryCodes: string[] = [];
  challenge!: Agent;
  constructor(readonly t: TestApp) {}

  /** A new browser at its own address (the per-address limits stay apart). */
  agent(): Agent {
    this.ip += 1;
    return new Agent(
      this.t.app,
      `10.77.${String(Math.floor(this.ip / 250))}.${String(this.ip % 250)}`,
    );
  }

  async signedIn(login: string, password = PASSWORD): Promise<Agent> {
    const agent = this.agent();
    const response = await agent.signIn('reseller', login, password);
    expect(response.statusCode, response.body).toBe(200);
    return agent;
  }

  id(name: string): string {
    const value = this.ids.get(name);
    if (value === undefined) throw new Error(`the walk has no ${name} yet`);
    return value;
  }

  async userId(email: string): Promise<string> {
    const row = await this.t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The newest link in the newest mail to `to` that matches `pattern` (its first group). */
  fromMail(to: string, pattern: RegExp): string {
    for (const mail of mailsTo(this.t.config.dataDir, to).reverse()) {
      const match = pattern.exec(mail);
      if (match?.[1]) return match[1];
    }
    throw new Error(`no mail to ${to} matching ${String(pattern)}`);
  }

  api(url: string, form: Record<string, string>) {
    return this.t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.78.0.1',
      headers: { 'x-api-key': this.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type
export const message = <T>(response: LightMyRequestResponse): T =>
  response.json<{ message: T }>().message;
export const post = (
  url: string,
  labels: string[],
  run: WalkStep['run'],
  more: Partial<WalkStep> = {},
) => ({ method: 'POST', url, labels, run, ...more }) satisfies WalkStep;
export const R = '/rpc-api/reseller';

export const peopleSteps: WalkStep[] = [
  {
    method: 'POST',
    url: `${R}/user_signin`,
    labels: ['Signed in'],
    run: (w) => w.agent().signIn('reseller', 'reseller@example.com'),
  },
  // --- Users ---
  post(
    `${R}/user/add`,
    ['Added user'],
    (w) =>
      w.admin.post(`${R}/user/add`, {
        firstName: 'Walter',
        lastName: 'Walker',
        email: WALKER,
        password: w.walkerPassword,
        role: 'sub_user',
        allotedComputers: '1',
      }),
    { target: WALKER },
  ),
  post(
    `${R}/user/invite`,
    ['Invited user'],
    (w) =>
      w.admin.post(`${R}/user/invite`, { email: INVITEE, role: 'sub_user', allotedComputers: '0' }),
    { target: INVITEE },
  ),
  post(
    `${R}/user/invite/resend`,
    ['Resent invitation'],
    async (w) => w.admin.post(`${R}/user/invite/resend`, { userId: await w.userId(INVITEE) }),
    { target: INVITEE },
  ),
  post(
    `${R}/user/invite/resend/bulk`,
    ['Resent invitation'],
    async (w) => w.admin.post(`${R}/user/invite/resend/bulk`, { userIds: await w.userId(INVITEE) }),
    { target: INVITEE },
  ),
  post(
    `${R}/user/invite/link`,
    ['Copied invitation link'],
    async (w) => {
      const response = await w.admin.post(`${R}/user/invite/link`, {
        userId: await w.userId(INVITEE),
      });
      w.ids.set('inviteLink', message<{ link: string }>(response).link);
      return response;
    },
    { target: INVITEE },
  ),
  post(
    `${R}/invitedUserSignup`,
    ['Accepted invitation'],
    async (w) => {
      const visitor = w.agent();
      await visitor.csrf();
      return visitor.post(`${R}/invitedUserSignup`, {
        uniqueId: new URL(w.id('inviteLink')).searchParams.get('unique_id') ?? '',
        firstName: 'Ivy',
        lastName: 'Vited',
        invitedUserEmailId: INVITEE,
        password: 'Welcome@1',
        allotedComputers: '0',
        dcFlag: 'VA',
      });
    },
    { target: INVITEE },
  ),
  post(
    `${R}/user/invite/csv`,
    ['Invited users from CSV'],
    (w) =>
      w.admin.post(`${R}/user/invite/csv`, {
        csv: 'email,first_name,last_name,allotted_computers\ncsv1@walk.example.com,Csv,One,0\ncsv2@walk.example.com,Csv,Two,0',
      }),
    { target: '2 invitations' },
  ),
  post(
    `${R}/user/update`,
    ['Updated user'],
    async (w) =>
      w.admin.post(`${R}/user/update`, {
        userId: await w.userId(INVITEE),
        firstName: 'Ivy',
        lastName: 'Updated',
        role: 'sub_user',
        allotedComputers: '0',
      }),
    { target: INVITEE },
  ),
  post(
    `${R}/user/delete`,
    ['Deleted user'],
    async (w) => w.admin.post(`${R}/user/delete`, { userIds: await w.userId(INVITEE) }),
    { target: INVITEE },
  ),
  post(
    `${R}/user/restore`,
    ['Restored user'],
    async (w) => w.admin.post(`${R}/user/restore`, { userIds: await w.userId(INVITEE) }),
    { target: INVITEE },
  ),
  // --- Teams ---
  post(
    `${R}/team/create`,
    ['Created team'],
    async (w) => {
      const response = await w.admin.post(`${R}/team/create`, { name: 'Walk Team' });
      const team = await w.t.db
        .selectFrom('teams')
        .select('id')
        .where('name', '=', 'Walk Team')
        .executeTakeFirst();
      w.ids.set('team', team?.id ?? '');
      return response;
    },
    { target: 'Walk Team' },
  ),
  post(
    `${R}/team/rename`,
    ['Renamed team'],
    (w) => w.admin.post(`${R}/team/rename`, { teamId: w.id('team'), name: 'Walk Crew' }),
    { target: 'Walk Team → Walk Crew' },
  ),
  post(
    `${R}/team/members/add`,
    ['Added users to team'],
    async (w) =>
      w.admin.post(`${R}/team/members/add`, {
        teamId: w.id('team'),
        userIds: await w.userId(WALKER),
      }),
    { target: `Walk Crew: ${WALKER}` },
  ),
  post(
    `${R}/team/members/remove`,
    ['Removed users from team'],
    async (w) =>
      w.admin.post(`${R}/team/members/remove`, {
        teamId: w.id('team'),
        userIds: await w.userId(WALKER),
      }),
    { target: `Walk Crew: ${WALKER}` },
  ),
  post(
    `${R}/team/delete`,
    ['Deleted team'],
    (w) => w.admin.post(`${R}/team/delete`, { teamId: w.id('team') }),
    { target: 'Walk Crew' },
  ),
];
