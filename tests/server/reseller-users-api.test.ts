import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Agent, errorOf, expectRefusal } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { invitationLinkFromOutbox } from './helpers/outbox';
import { statementsOf } from './helpers/statements';
import { createTestApp, type TestApp } from './helpers/test-app';

interface SubUser {
  id: string;
  email: string;
  firstname: string;
  status: string;
  role: string;
  isActive: boolean;
  created_date: string;
  allotedComputers: number;
  isInvitationExpired: boolean;
}
interface UserList {
  users: SubUser[];
  total: number;
  page: number;
  pageSize: number;
  counts: { active: number; invited: number; cancelled: number };
  allotted: number;
  planComputers: number;
  planUsers: number;
}

const PERMISSION_DENIED = 'You do not have permission to perform this action';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload's type
const payload = <T>(response: LightMyRequestResponse) => response.json<{ message: T }>().message;

const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email);

async function list(
  agent: Agent,
  query: Record<string, string> = {},
  url = '/rpc-api/reseller/user/get',
) {
  const response = await agent.get(url, query);
  expect(response.statusCode, response.body).toBe(200);
  return payload<UserList>(response);
}

const linkParams = (link: string) => new URL(link).searchParams;

describe('GET /reseller/user/get (list)', () => {
  it('lists the demo users a page at a time, with counts', async () => {
    const page = await list(admin, { pageSize: '10' });
    expect(page.users).toHaveLength(10);
    expect(page.total).toBeGreaterThanOrEqual(15);
    expect(page.counts.cancelled).toBeGreaterThanOrEqual(8);
    expect(page.users.every((u) => u.status !== 'cancelled')).toBe(true);
    const second = await list(admin, { pageSize: '10', page: '2' });
    const ids = new Set(page.users.map((u) => u.id));
    expect(second.users.some((u) => ids.has(u.id))).toBe(false);
  });

  it('the total and the allotted computers agree with the rows, with and without a search', async () => {
    const all = await list(admin, { pageSize: '100' });
    expect(all.total).toBe(all.counts.active + all.counts.invited);
    expect(all.users).toHaveLength(all.total);
    expect(all.allotted).toBe(all.users.reduce((sum, u) => sum + u.allotedComputers, 0));
    const searched = await list(admin, { q: all.users[0]?.email ?? '', pageSize: '100' });
    expect(searched.total).toBe(searched.users.length);
    expect(searched.total).toBeLessThan(all.total);
    const cancelled = await list(admin, {}, '/rpc-api/reseller/account/get/cancelusers');
    expect(cancelled.total).toBe(all.counts.cancelled);
  });

  it('a searched list counts every match on each page, also on a page past its end', async () => {
    const whole = await list(admin, { q: 'e', pageSize: '100' });
    expect(whole.total).toBe(whole.users.length);
    expect(whole.total).toBeGreaterThan(10);
    const second = await list(admin, { q: 'e', pageSize: '5', page: '2' });
    expect(second.total).toBe(whole.total);
    expect(second.users.map((u) => u.id)).toEqual(whole.users.slice(5, 10).map((u) => u.id));
    const past = await list(admin, { q: 'e', pageSize: '100', page: '9' });
    expect(past.users).toEqual([]);
    expect(past.total).toBe(whole.total);
  });

  it('pages follow one another under every sort, in both directions', async () => {
    for (const sort of ['username', 'created_date', 'isActive']) {
      for (const order of ['asc', 'desc']) {
        const whole = await list(admin, { sort, order, pageSize: '100' });
        const pages = [];
        for (let page = 1; page <= Math.ceil(whole.total / 5); page += 1) {
          pages.push(
            ...(await list(admin, { sort, order, pageSize: '5', page: String(page) })).users,
          );
        }
        expect(pages.map((u) => u.id)).toEqual(whole.users.map((u) => u.id));
      }
    }
  });

  it('sorts by username, created_date and isActive in both directions', async () => {
    const asc = await list(admin, { sort: 'username', order: 'asc', pageSize: '100' });
    const names = asc.users.map((u) => u.email);
    // Compare first names only: collations differ on digits and punctuation between databases.
    const firstNames = names.map((email) => email.split('.')[0] ?? '');
    expect(firstNames).toEqual([...firstNames].sort());
    const desc = await list(admin, { sort: 'username', order: 'desc', pageSize: '100' });
    expect(desc.users[0]?.email).toBe(names.at(-1));
    const byDate = await list(admin, { sort: 'created_date', order: 'asc', pageSize: '100' });
    expect(byDate.users[0]?.created_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const dates = byDate.users.map((u) =>
      u.created_date.replace(/^(\d\d)-(\d\d)-(\d{4})$/, '$3$1$2'),
    );
    expect(dates).toEqual([...dates].sort());
    // The pending invitations (not active) all come first.
    const inactiveFirst = await list(admin, { sort: 'isActive', order: 'asc', pageSize: '100' });
    const pending = inactiveFirst.counts.invited;
    expect(pending).toBeGreaterThan(0);
    expect(inactiveFirst.users.slice(0, pending).every((u) => !u.isActive)).toBe(true);
    expect(inactiveFirst.users.slice(pending).every((u) => u.isActive)).toBe(true);
    const activeFirst = await list(admin, { sort: 'isActive', order: 'desc', pageSize: '5' });
    expect(activeFirst.users.every((u) => u.isActive)).toBe(true);
  });

  it('shows the same header on a page, past the end and under a search', async () => {
    const header = ({ counts, allotted, planComputers, planUsers }: UserList) => ({
      counts,
      allotted,
      planComputers,
      planUsers,
    });
    const first = await list(admin, { pageSize: '5' });
    expect(first.planUsers).toBeGreaterThan(0);
    // Past the end the page carries nothing (PostgreSQL reads the header with the page).
    const pastEnd = await list(admin, { pageSize: '5', page: '999' });
    expect(pastEnd.users).toEqual([]);
    expect(pastEnd.total).toBe(first.total);
    const searched = await list(admin, { q: 'subadmin@' });
    for (const other of [pastEnd, searched]) expect(header(other)).toEqual(header(first));
    expect(searched.total).toBe(1);
  });

  it('reads the page and its header in one statement on PostgreSQL, two on SQLite', async () => {
    await list(admin); // the session's activity mark, if due, is written here
    const statements = await statementsOf(t.db, () => list(admin));
    // The session check, then the list's own.
    expect(statements, statements.join('\n')).toHaveLength(t.dialect === 'postgres' ? 2 : 3);
  });

  // PostgreSQL only: SQLite reads the header in a statement of its own (list-total.ts).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'carries the header on one row of every shape of PostgreSQL page',
    async () => {
      await list(admin);
      // Whichever row the plan gives it to, each shape of the page (its ids first or not,
      // counted with it or not) must find it there, or pay a statement more.
      const pages: Record<string, string>[] = [
        { pageSize: '5', page: '2' },
        { q: 'example.com', pageSize: '5' },
        { q: 'example.com', pageSize: '5', page: '2' },
        { sort: 'username', order: 'asc', pageSize: '5' },
        { sort: 'isActive', order: 'desc', pageSize: '5', page: '3' },
        { status: 'invited' },
      ];
      for (const query of pages) {
        const statements = await statementsOf(t.db, () => list(admin, query));
        expect(statements, JSON.stringify(query)).toHaveLength(2);
      }
    },
  );

  it('searches by e-mail and name, and filters by status', async () => {
    const found = await list(admin, { q: 'subadmin@' });
    expect(found.users.map((u) => u.email)).toEqual(['subadmin@example.com']);
    const byName = await list(admin, { q: 'sidney okafor' });
    expect(byName.total).toBe(1);
    const invited = await list(admin, { status: 'invited', pageSize: '100' });
    expect(invited.users.every((u) => u.status === 'invited')).toBe(true);
    expect(invited.users.some((u) => u.isInvitationExpired)).toBe(true);
    // LIKE wildcards in the search are taken literally.
    expect((await list(admin, { q: '%' })).total).toBe(0);
  });

  it('refuses a sub-user (403) and an anonymous caller (401)', async () => {
    const subUser = await signedIn('subuser@example.com');
    const response = await subUser.get('/rpc-api/reseller/user/get');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.message).toBe(PERMISSION_DENIED);
    expect((await t.app.inject({ url: '/rpc-api/reseller/user/get' })).statusCode).toBe(401);
  });

  it('never shows another reseller’s users', async () => {
    const trial = await signedIn('trial@example.com');
    const page = await list(trial, { pageSize: '100' });
    // Brightside's own users only (its sign-in demo users included), none of Acme's.
    expect(page.users.map((u) => u.email).sort()).toEqual([
      'shared@example.com',
      'sso@example.com',
      'trial@example.com',
    ]);
  });
});

describe('POST /reseller/user/add', () => {
  it('adds a user who can sign in at once', async () => {
    const response = await admin.post('/rpc-api/reseller/user/add', {
      firstName: '  Nora  ',
      lastName: 'Quist',
      email: 'nora.quist@example.com',
      password: 'Secret@12',
      role: 'sub_user',
      allotedComputers: '2',
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = payload<SubUser>(response);
    expect(user).toMatchObject({ firstname: 'Nora', status: 'active', allotedComputers: 2 });
    const agent = new Agent(t.app);
    expect((await agent.signIn('reseller', 'nora.quist@example.com', 'Secret@12')).statusCode).toBe(
      200,
    );
  });

  it.each([
    [{ firstName: '' }, 'First name cannot be blank'],
    [{ firstName: 'N0ra' }, 'First name can contain a-z, A-Z and space'],
    [{ lastName: '' }, 'Last name cannot be blank'],
    [{ email: '' }, 'Email cannot be blank'],
    [{ email: 'nope' }, 'Enter a valid email address'],
    [{ password: '' }, 'Password cannot be blank'],
    [{ password: 'abc' }, 'Password should be between 6 - 20 characters'],
    [{ email: 'reseller@example.com' }, 'Email address already exists'],
    [{ allotedComputers: 'x' }, 'Allotted computers must be a whole number'],
  ])('refuses %o with the spec message', async (change, message) => {
    const response = await admin.post('/rpc-api/reseller/user/add', {
      firstName: 'Val',
      lastName: 'Idator',
      email: 'val.idator@example.com',
      password: 'Secret@12',
      ...change,
    });
    expectRefusal(response);
    expect(errorOf(response)?.message).toBe(message);
  });

  it('lets a sub-admin add sub-users but not sub-admins', async () => {
    const subAdmin = await signedIn('subadmin@example.com');
    const form = { firstName: 'Sub', lastName: 'Made', password: 'Secret@12' };
    const okResponse = await subAdmin.post('/rpc-api/reseller/user/add', {
      ...form,
      email: 'sub.made@example.com',
    });
    expect(okResponse.statusCode, okResponse.body).toBe(200);
    const refused = await subAdmin.post('/rpc-api/reseller/user/add', {
      ...form,
      email: 'sub.admin2@example.com',
      role: 'sub_admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.message).toBe(PERMISSION_DENIED);
  });
});

describe('invitations and the invited-user signup', () => {
  it('invites by e-mail; the link signs the user up once; the new user can sign in', async () => {
    const response = await admin.post('/rpc-api/reseller/user/invite', {
      email: 'Invited.One@Example.com',
      allotedComputers: '3',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = payload<{ user: SubUser; message: string }>(response);
    expect(result.message).toBe('Invitation sent successfully');
    expect(result.user).toMatchObject({ status: 'invited', email: 'invited.one@example.com' });

    const link = invitationLinkFromOutbox(t.config.dataDir, 'invited.one@example.com');
    const params = linkParams(link);
    expect(params.get('admin_name')).toBe('Riley Morgan');
    expect(params.get('email')).toBe('invited.one@example.com');
    expect(params.get('alloted_computer')).toBe('3');
    const uniqueId = params.get('unique_id') ?? '';

    // An invited user cannot sign in before accepting.
    expect((await new Agent(t.app).signIn('reseller', 'invited.one@example.com')).statusCode).toBe(
      401,
    );

    const visitor = new Agent(t.app);
    await visitor.csrf();
    const check = await visitor.get('/rpc-api/reseller/invite/check', {
      unique_id: uniqueId,
      email: 'invited.one@example.com',
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(payload<{ adminName: string }>(check).adminName).toBe('Riley Morgan');

    const form = {
      uniqueId,
      firstName: 'Ivy',
      lastName: 'Vited',
      invitedUserEmailId: 'invited.one@example.com',
      password: 'Welcome@1',
      allotedComputers: '999',
      dcFlag: 'VA',
    };
    const signup = await visitor.post('/rpc-api/reseller/invitedUserSignup', form);
    expect(signup.statusCode, signup.body).toBe(200);
    const body = signup.json<{
      code: number;
      status: string;
      message: { rpc_redirect_link: string };
    }>();
    expect(body.code).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.message.rpc_redirect_link).toMatch(
      /\/rpc-app\/reseller\/login\?account=ready&email=invited.one%40example.com$/,
    );

    const row = await t.db
      .selectFrom('users')
      .select(['status', 'alloted_computers', 'dc_flag', 'first_name'])
      .where('email', '=', 'invited.one@example.com')
      .executeTakeFirstOrThrow();
    // The invitation decides the computers, not the form.
    expect(row).toEqual({
      status: 'active',
      alloted_computers: 3,
      dc_flag: 'VA',
      first_name: 'Ivy',
    });
    const agent = new Agent(t.app);
    expect(
      (await agent.signIn('reseller', 'invited.one@example.com', 'Welcome@1')).statusCode,
    ).toBe(200);

    // Single use.
    const again = await visitor.post('/rpc-api/reseller/invitedUserSignup', form);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'The link has expired.',
    });
  });

  it('refuses an unknown link, a changed e-mail and an expired link', async () => {
    await admin.post('/rpc-api/reseller/user/invite', { email: 'invited.two@example.com' });
    const uniqueId =
      linkParams(invitationLinkFromOutbox(t.config.dataDir, 'invited.two@example.com')).get(
        'unique_id',
      ) ?? '';
    const visitor = new Agent(t.app);
    await visitor.csrf();
    const form = {
      uniqueId,
      firstName: 'Two',
      lastName: 'Vited',
      invitedUserEmailId: 'someone.else@example.com',
      password: 'Welcome@1',
      dcFlag: 'OR',
    };
    const wrongEmail = await visitor.post('/rpc-api/reseller/invitedUserSignup', form);
    expect(errorOf(wrongEmail)?.description).toBe('expired_link');
    const unknown = await visitor.post('/rpc-api/reseller/invitedUserSignup', {
      ...form,
      uniqueId: 'x'.repeat(43),
      invitedUserEmailId: 'invited.two@example.com',
    });
    expect(errorOf(unknown)?.description).toBe('expired_link');

    await t.db
      .updateTable('invitations')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('email', '=', 'invited.two@example.com')
      .execute();
    const expired = await visitor.post('/rpc-api/reseller/invitedUserSignup', {
      ...form,
      invitedUserEmailId: 'invited.two@example.com',
    });
    expect(errorOf(expired)?.message).toBe('The link has expired.');
  });

  it('checks the signup fields in the spec’s order with its messages', async () => {
    const visitor = new Agent(t.app);
    await visitor.csrf();
    const base = {
      uniqueId: 'y'.repeat(43),
      firstName: 'Ann',
      lastName: 'Lee',
      invitedUserEmailId: 'ann@example.com',
      password: 'Welcome@1',
      dcFlag: 'OR',
    };
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '' }, 'First name cannot be blank'],
      [{ lastName: '' }, 'Last name cannot be blank'],
      [{ password: '' }, 'Password cannot be blank'],
      [
        { password: 'a b c d' },
        `Password can contain A-Z, a-z, 0-9 and ~\`!@#$%^&*()-_+={}|[];'"<>,.?/`,
      ],
    ];
    for (const [change, message] of cases) {
      const response = await visitor.post('/rpc-api/reseller/invitedUserSignup', {
        ...base,
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)?.message).toBe(message);
    }
  });

  it('resend replaces the link; copy link returns the current one', async () => {
    const invited = await admin.post('/rpc-api/reseller/user/invite', {
      email: 'invited.three@example.com',
    });
    const userId = payload<{ user: SubUser }>(invited).user.id;
    const first = invitationLinkFromOutbox(t.config.dataDir, 'invited.three@example.com');
    const resend = await admin.post('/rpc-api/reseller/user/invite/resend', { userId });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(payload<{ message: string }>(resend).message).toBe('Invitation sent successfully');
    const second = invitationLinkFromOutbox(t.config.dataDir, 'invited.three@example.com');
    expect(second).not.toBe(first);
    const copied = await admin.post('/rpc-api/reseller/user/invite/link', { userId });
    expect(payload<{ link: string }>(copied).link).toBe(second);

    const visitor = new Agent(t.app);
    const stale = await visitor.get('/rpc-api/reseller/invite/check', {
      unique_id: linkParams(first).get('unique_id') ?? '',
      email: 'invited.three@example.com',
    });
    expect(errorOf(stale)?.description).toBe('expired_link');
  });
});

describe('update, delete, cancelled users and restore', () => {
  it('updates a user: "User details updated successfully" is the console’s toast', async () => {
    const target = (await list(admin, { q: 'subuser@example.com' })).users[0];
    const response = await admin.post('/rpc-api/reseller/user/update', {
      userId: target?.id ?? '',
      firstName: 'Samuel',
      lastName: 'Patel',
      role: 'sub_user',
      allotedComputers: '4',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(payload<SubUser>(response)).toMatchObject({ firstname: 'Samuel', allotedComputers: 4 });
    const bad = await admin.post('/rpc-api/reseller/user/update', {
      userId: target?.id ?? '',
      firstName: '',
      lastName: 'Patel',
    });
    expect(errorOf(bad)?.message).toBe('First name cannot be blank');
  });

  it('refuses an allotted count below the computers the user already holds', async () => {
    // The demo sub-user holds 2 computers.
    const target = (await list(admin, { q: 'subuser@example.com' })).users[0];
    const update = (allotedComputers: string) =>
      admin.post('/rpc-api/reseller/user/update', {
        userId: target?.id ?? '',
        firstName: 'Sam',
        lastName: 'Patel',
        role: 'sub_user',
        allotedComputers,
      });
    const refused = await update('1');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      field: 'allotedComputers',
      message: 'This user already has 2 computers allotted. Move some to another user first.',
    });
    expect((await update('2')).statusCode).toBe(200);
  });

  it('a sub-admin cannot change the administrator or another sub-admin', async () => {
    const subAdmin = await signedIn('subadmin@example.com');
    const adminRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'reseller@example.com')
      .executeTakeFirstOrThrow();
    const response = await subAdmin.post('/rpc-api/reseller/user/update', {
      userId: adminRow.id,
      firstName: 'Evil',
      lastName: 'Edit',
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.message).toBe(PERMISSION_DENIED);
    const del = await subAdmin.post('/rpc-api/reseller/user/delete', { userIds: adminRow.id });
    expect(del.statusCode).toBe(403);
  });

  it('another reseller can neither see nor change these users (404)', async () => {
    const trial = await signedIn('trial@example.com');
    const target = (await list(admin, { q: 'subadmin@example.com' })).users[0];
    const id = target?.id ?? '';
    for (const [url, form] of [
      ['/rpc-api/reseller/user/update', { userId: id, firstName: 'X', lastName: 'Y' }],
      ['/rpc-api/reseller/user/delete', { userIds: id }],
      ['/rpc-api/reseller/user/invite/resend', { userId: id }],
      ['/rpc-api/reseller/user/invite/link', { userId: id }],
      ['/rpc-api/reseller/user/restore', { userIds: id }],
    ] as const) {
      const response = await trial.post(url, form);
      expect(response.statusCode, url).toBe(404);
    }
    const row = await t.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Sidney');
  });

  it('deletes with "User has been deleted successfully"; the user is cancelled, signed out, restorable', async () => {
    const created = await admin.post('/rpc-api/reseller/user/add', {
      firstName: 'Del',
      lastName: 'Eted',
      email: 'del.eted@example.com',
      password: 'Secret@12',
    });
    const id = payload<SubUser>(created).id;
    const victim = new Agent(t.app);
    expect((await victim.signIn('reseller', 'del.eted@example.com', 'Secret@12')).statusCode).toBe(
      200,
    );
    const response = await admin.post('/rpc-api/reseller/user/delete', { userIds: id });
    expect(response.statusCode, response.body).toBe(200);
    expect(payload<{ message: string }>(response).message).toBe(
      'User has been deleted successfully',
    );
    expect((await victim.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
    expect(
      (await new Agent(t.app).signIn('reseller', 'del.eted@example.com', 'Secret@12')).statusCode,
    ).toBe(403);

    const cancelled = await admin.get('/rpc-api/reseller/account/get/cancelusers', {
      q: 'del.eted',
    });
    expect(payload<UserList>(cancelled).users.map((u) => u.status)).toEqual(['cancelled']);
    const restored = await admin.post('/rpc-api/reseller/user/restore', { userIds: id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      (await new Agent(t.app).signIn('reseller', 'del.eted@example.com', 'Secret@12')).statusCode,
    ).toBe(200);
  });

  it('bulk delete is all or nothing, and nobody deletes themselves', async () => {
    const me = (await list(admin, { q: 'reseller@example.com' })).users[0]?.id ?? '';
    const other = (await list(admin, { status: 'invited', pageSize: '5' })).users[0]?.id ?? '';
    const response = await admin.post('/rpc-api/reseller/user/delete', {
      userIds: `${other},${me}`,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.message).toBe('You cannot delete your own account');
    const still = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', other)
      .executeTakeFirst();
    expect(still?.status).toBe('invited');
  });
});
