import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { invitationLinkFromOutbox, mailsTo } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';
import { accountIdOfUser, setPlanUsers } from './helpers/accounts';

interface SubUser {
  id: string;
  email: string;
  role: string;
  status: string;
  invitationExpiresAt: string | null;
  isInvitationExpired: boolean;
}
interface UserList {
  users: SubUser[];
  total: number;
  counts: { active: number; invited: number; cancelled: number };
}
interface Team {
  id: string;
  name: string;
  members: { id: string }[];
}

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
  // The invitations here are not about the plan's user count (plan-user-limit.test.ts is).
  await setPlanUsers(t.db, await accountIdOfUser(t.db, 'reseller@example.com'), 200);
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload's type
const payload = <T>(response: LightMyRequestResponse) => response.json<{ message: T }>().message;

const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email);

async function list(query: Record<string, string>): Promise<UserList> {
  const response = await admin.get('/rpc-api/reseller/user/get', { pageSize: '100', ...query });
  expect(response.statusCode, response.body).toBe(200);
  return payload<UserList>(response);
}

async function invite(email: string): Promise<string> {
  const response = await admin.post('/rpc-api/reseller/user/invite', { email });
  expect(response.statusCode, response.body).toBe(200);
  return payload<{ user: SubUser }>(response).user.id;
}

/** Makes a user's open invitation one that has run out. */
async function expire(userId: string): Promise<void> {
  await t.db
    .updateTable('invitations')
    .set({ expires_at: '2020-01-01T00:00:00.000Z' })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

const BULK = '/rpc-api/reseller/user/invite/resend/bulk';
const EXPORT = '/rpc-api/reseller/user/export';

describe('Users list filters: role, team, invitation expired', () => {
  it('filters by role, with a total that counts the filtered rows', async () => {
    const all = await list({});
    const subAdmins = await list({ role: 'sub_admin' });
    expect(subAdmins.total).toBeGreaterThan(0);
    expect(subAdmins.total).toBeLessThan(all.total);
    expect(subAdmins.users).toHaveLength(subAdmins.total);
    expect(subAdmins.users.every((user) => user.role === 'sub_admin')).toBe(true);
    expect(subAdmins.total).toBe(all.users.filter((user) => user.role === 'sub_admin').length);
  });

  it('filters by team: its members only', async () => {
    const teams = payload<{ teams: Team[] }>(await admin.get('/rpc-api/reseller/team/get')).teams;
    const team = teams.find((entry) => entry.members.length > 0);
    expect(team).toBeDefined();
    const members = await list({ team: team?.id ?? '' });
    expect(members.users.map((user) => user.id).sort()).toEqual(
      (team?.members ?? []).map((member) => member.id).sort(),
    );
    expect((await list({ team: 'no-such-team' })).total).toBe(0);
  });

  it('"Invitation expired" lists the pending invitations whose link has run out, only', async () => {
    const fresh = await invite('filter.fresh@example.com');
    const stale = await invite('filter.stale@example.com');
    await expire(stale);
    const expired = await list({ status: 'expired' });
    const ids = expired.users.map((user) => user.id);
    expect(ids).toContain(stale);
    expect(ids).not.toContain(fresh);
    expect(expired.users.every((user) => user.isInvitationExpired)).toBe(true);
    expect(expired.total).toBe(expired.users.length);
    expect((await list({ status: 'invited' })).users.map((user) => user.id)).toContain(fresh);
  });
});

describe('POST /reseller/user/invite/resend/bulk', () => {
  it('sends a new link to each selected pending or expired invitation', async () => {
    const pending = await invite('bulk.pending@example.com');
    const expired = await invite('bulk.expired@example.com');
    await expire(expired);
    const before = invitationLinkFromOutbox(t.config.dataDir, 'bulk.pending@example.com');
    const response = await admin.post(BULK, { userIds: `${pending},${expired}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(payload<{ message: string; count: number }>(response)).toEqual({
      message: 'Invitation sent successfully to 2 users',
      count: 2,
    });
    expect(invitationLinkFromOutbox(t.config.dataDir, 'bulk.pending@example.com')).not.toBe(before);
    expect(mailsTo(t.config.dataDir, 'bulk.expired@example.com')).toHaveLength(2);
    const after = await list({ q: 'bulk.expired@example.com' });
    expect(after.users[0]?.isInvitationExpired).toBe(false);
    // The list shows the new link's time, not the revoked one's.
    const links = await t.db
      .selectFrom('invitations')
      .select(['expires_at', 'revoked_at'])
      .where('user_id', '=', expired)
      .execute();
    const open = links.filter((link) => link.revoked_at === null);
    const revoked = links.filter((link) => link.revoked_at !== null);
    expect(open).toHaveLength(1);
    expect(after.users[0]?.invitationExpiresAt).toBe(open[0]?.expires_at);
    expect(revoked.length).toBeGreaterThan(0);
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'user.invite.resend')
      .where('target', 'in', ['bulk.pending@example.com', 'bulk.expired@example.com'])
      .execute();
    expect(log).toHaveLength(2);
  });

  it('refuses an empty selection and an active user, and then sends nothing', async () => {
    const empty = await admin.post(BULK, { userIds: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)?.description).toBe('VALIDATION_FAILED');

    const pending = await invite('bulk.mixed@example.com');
    const active = (await list({ status: 'active' })).users[0]?.id ?? '';
    const mixed = await admin.post(BULK, { userIds: `${pending},${active}` });
    expect(mixed.statusCode).toBe(422);
    expect(errorOf(mixed)?.field).toBe('userIds');
    expect(mailsTo(t.config.dataDir, 'bulk.mixed@example.com')).toHaveLength(1);
  });

  it('refuses an anonymous caller (401) and a plain user (403)', async () => {
    const pending = await invite('bulk.anon@example.com');
    // A visitor with a CSRF token but no session: refused for who it is, not for the token.
    const anonymous = new Agent(t.app);
    await anonymous.csrf();
    expect((await anonymous.post(BULK, { userIds: pending })).statusCode).toBe(401);
    const subUser = await signedIn('subuser@example.com');
    expect((await subUser.post(BULK, { userIds: pending })).statusCode).toBe(403);
    expect(mailsTo(t.config.dataDir, 'bulk.anon@example.com')).toHaveLength(1);
  });

  it("refuses another reseller's user (404) and sends nothing", async () => {
    const pending = await invite('bulk.other@example.com');
    const other = await signedIn('trial@example.com');
    const response = await other.post(BULK, { userIds: pending });
    expect(response.statusCode).toBe(404);
    expect(mailsTo(t.config.dataDir, 'bulk.other@example.com')).toHaveLength(1);
  });
});

describe('GET /reseller/user/export (CSV)', () => {
  const rowsOf = (csv: string) =>
    Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;

  it('exports the filtered list, every page, as CSV', async () => {
    const response = await admin.get(EXPORT, { role: 'sub_admin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    expect(response.body.split('\r\n')[0]).toBe(
      'First name,Last name,Email,Role,Status,Computers allotted,Created (UTC),Invitation expires (UTC)',
    );
    const rows = rowsOf(response.body);
    const expected = await list({ role: 'sub_admin' });
    expect(rows.map((row) => row.Email).sort()).toEqual(
      expected.users.map((user) => user.email).sort(),
    );
    expect(rows.every((row) => row.Role === 'Sub-administrator')).toBe(true);

    const everyone = rowsOf((await admin.get(EXPORT)).body);
    expect(everyone).toHaveLength((await list({})).total);
    const stale = await invite('export.stale@example.com');
    await expire(stale);
    const expired = rowsOf((await admin.get(EXPORT, { status: 'expired' })).body);
    expect(expired.find((row) => row.Email === 'export.stale@example.com')?.Status).toBe(
      'Invitation expired',
    );
    expect(expired.every((row) => row.Status === 'Invitation expired')).toBe(true);
  });

  it("never holds another reseller's users; anonymous 401, plain user 403", async () => {
    const other = await signedIn('trial@example.com');
    const theirs = await other.get(EXPORT);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('reseller@example.com');
    expect(theirs.body).not.toContain('subadmin@example.com');
    expect((await t.app.inject({ url: EXPORT })).statusCode).toBe(401);
    const subUser = await signedIn('subuser@example.com');
    expect((await subUser.get(EXPORT)).statusCode).toBe(403);
  });
});
