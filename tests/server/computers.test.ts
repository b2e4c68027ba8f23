import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Computer {
  id: string;
  name: string;
  description: string;
  groupId: string | null;
  groupName: string | null;
  allottedTo: { id: string; email: string } | null;
  status: 'online' | 'offline';
  lastSeen: string | null;
}
interface ComputerList {
  computers: Computer[];
  total: number;
}
interface Group {
  id: string;
  name: string;
  computerCount: number;
}

const PERMISSION = 'You do not have permission to perform this action';

let t: TestApp;
let admin: Agent;
let subAdmin: Agent;
let subUser: Agent;
let trial: Agent;
/** Every response body of this file, to check that no Personal Key ever leaves the server. */
const bodies: string[] = [];

const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email);

beforeAll(async () => {
  t = await createTestApp();
  [admin, subAdmin, subUser, trial] = await Promise.all([
    signedIn('reseller@example.com'),
    signedIn('subadmin@example.com'),
    signedIn('subuser@example.com'),
    signedIn('trial@example.com'),
  ]);
});
afterAll(() => t.close());

async function post(agent: Agent, url: string, form: Record<string, string>) {
  const response = await agent.post(url, form);
  bodies.push(response.body);
  return response;
}

async function list(agent: Agent = admin, query: Record<string, string> = {}) {
  const response = await agent.get('/rpc-api/reseller/computer/get', query);
  bodies.push(response.body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: ComputerList }>().message;
}

async function groups(agent: Agent = admin) {
  const response = await agent.get('/rpc-api/reseller/group/get');
  bodies.push(response.body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { groups: Group[]; ungrouped: number } }>().message;
}

const valid = {
  name: 'Lab-PC-01',
  description: 'Test bench computer',
  personalKey: 'Secret-Key9',
  groupId: '',
};

async function addComputer(overrides: Record<string, string> = {}, agent: Agent = admin) {
  const response = await post(agent, '/rpc-api/reseller/computer/add', {
    ...valid,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { computer: Computer; message: string } }>().message;
}

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

describe('computer list', () => {
  it('lists the demo reseller 40 computers in 5 groups, paginated', async () => {
    const first = await list(admin, { pageSize: '25' });
    expect(first.total).toBe(40);
    expect(first.computers).toHaveLength(25);
    const second = await list(admin, { pageSize: '25', page: '2' });
    expect(second.computers).toHaveLength(15);
    const names = new Set([...first.computers, ...second.computers].map((c) => c.name));
    expect(names.size).toBe(40);
    const { groups: all, ungrouped } = await groups();
    expect(all.map((group) => group.name)).toEqual([
      'Head Office',
      'Kiosks',
      'Remote Staff',
      'Servers',
      'Warehouse',
    ]);
    expect(all.every((group) => group.computerCount === 8)).toBe(true);
    expect(ungrouped).toBe(0);
  });

  it('sorts by name, last seen and status in both directions', async () => {
    const asc = await list(admin, { sort: 'name', order: 'asc', pageSize: '100' });
    const names = asc.computers.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await list(admin, { sort: 'name', order: 'desc', pageSize: '100' });
    expect(desc.computers.map((c) => c.name.toLowerCase())).toEqual([...names].reverse());

    const seen = await list(admin, { sort: 'last_seen', order: 'desc', pageSize: '100' });
    const stamps = seen.computers.map((c) => c.lastSeen ?? '');
    expect(stamps).toEqual([...stamps].sort().reverse());
    const seenAsc = await list(admin, { sort: 'last_seen', order: 'asc', pageSize: '5' });
    expect(seenAsc.computers[0]?.lastSeen).toBeNull();

    const online = await list(admin, { sort: 'status', order: 'desc', pageSize: '100' });
    const statuses = online.computers.map((c) => c.status);
    expect(statuses[0]).toBe('online');
    expect(statuses.at(-1)).toBe('offline');
    expect(statuses.lastIndexOf('online')).toBeLessThan(statuses.indexOf('offline'));
  });

  it('searches by name or description and filters by group', async () => {
    const servers = await list(admin, { q: 'srv-0' });
    expect(servers.total).toBe(8);
    expect(servers.computers.every((c) => c.name.startsWith('SRV-'))).toBe(true);
    const byText = await list(admin, { q: 'kiosk in the lobby' });
    expect(byText.total).toBe(8);
    const wildcard = await list(admin, { q: '%' });
    expect(wildcard.total).toBe(0);
    const warehouse = (await groups()).groups.find((group) => group.name === 'Warehouse');
    const filtered = await list(admin, { group: warehouse?.id ?? '' });
    expect(filtered.total).toBe(8);
    expect(filtered.computers.every((c) => c.groupName === 'Warehouse')).toBe(true);
    expect((await list(admin, { group: 'none' })).total).toBe(0);
  });

  it('needs a session (401)', async () => {
    const anonymous = new Agent(t.app);
    expect((await anonymous.get('/rpc-api/reseller/computer/get')).statusCode).toBe(401);
    expect((await anonymous.get('/rpc-api/reseller/group/get')).statusCode).toBe(401);
  });
});

describe('add and update a computer', () => {
  it('adds a computer and logs it; the Personal Key is stored hashed only', async () => {
    const { computer, message } = await addComputer();
    expect(message).toBe('Computer added successfully');
    expect(computer).toMatchObject({
      name: 'Lab-PC-01',
      description: 'Test bench computer',
      groupId: null,
      status: 'offline',
      lastSeen: null,
    });
    const row = await t.db
      .selectFrom('computers')
      .select('personal_key_hash')
      .where('id', '=', computer.id)
      .executeTakeFirstOrThrow();
    expect(row.personal_key_hash).not.toContain('Secret-Key9');
    expect(row.personal_key_hash.startsWith('$argon2id$')).toBe(true);
    expect(await verify(row.personal_key_hash, 'Secret-Key9')).toBe(true);
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'details'])
      .where('action', '=', 'computer.add')
      .execute();
    expect(log.some((entry) => entry.target === 'Lab-PC-01')).toBe(true);
    expect(JSON.stringify(log)).not.toContain('Secret-Key9');
  });

  it.each([
    [{ name: 'ab' }, 'name', 'Computer name should be between 3-50 characters'],
    [{ name: 'x'.repeat(51) }, 'name', 'Computer name should be between 3-50 characters'],
    [{ name: '' }, 'name', 'Computer name should be between 3-50 characters'],
    [{ description: 'short' }, 'description', 'Computer description size must be in between 6-250'],
    [
      { description: 'd'.repeat(251) },
      'description',
      'Computer description size must be in between 6-250',
    ],
    [{ personalKey: 'abc' }, 'personalKey', 'Personal Key should be between 4 - 15 characters'],
    [
      { personalKey: 'k'.repeat(16) },
      'personalKey',
      'Personal Key should be between 4 - 15 characters',
    ],
  ])('refuses %o with the spec text and changes nothing', async (overrides, field, text) => {
    const before = (await list()).total;
    const response = await post(admin, '/rpc-api/reseller/computer/add', {
      ...valid,
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      description: 'VALIDATION_FAILED',
      field,
      message: text,
    });
    expect((await list()).total).toBe(before);
  });

  it('refuses another account group (404) and changes nothing', async () => {
    await post(trial, '/rpc-api/reseller/group/create', { name: 'Trial Group' });
    const foreign = (await groups(trial)).groups[0];
    const before = (await list()).total;
    const response = await post(admin, '/rpc-api/reseller/computer/add', {
      ...valid,
      groupId: foreign?.id ?? '',
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)?.message).toBe('Group not found');
    expect((await list()).total).toBe(before);
  });

  it('updates name, description, group and (only when given) the Personal Key', async () => {
    const { computer } = await addComputer({ name: 'Lab-PC-02' });
    const stored = () =>
      t.db
        .selectFrom('computers')
        .select('personal_key_hash')
        .where('id', '=', computer.id)
        .executeTakeFirstOrThrow();
    const hashBefore = (await stored()).personal_key_hash;
    const kiosks = (await groups()).groups.find((group) => group.name === 'Kiosks');
    const kept = await post(admin, '/rpc-api/reseller/computer/update', {
      computerId: computer.id,
      name: 'Lab-PC-02b',
      description: 'Renamed bench computer',
      personalKey: '',
      groupId: kiosks?.id ?? '',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ message: { message: string; computer: Computer } }>().message).toMatchObject(
      {
        message: 'Computer details updated successfully',
        computer: { name: 'Lab-PC-02b', groupName: 'Kiosks' },
      },
    );
    expect((await stored()).personal_key_hash).toBe(hashBefore);

    const changed = await post(admin, '/rpc-api/reseller/computer/update', {
      computerId: computer.id,
      name: 'Lab-PC-02b',
      description: 'Renamed bench computer',
      personalKey: 'NewKey-2026',
      groupId: '',
    });
    expect(changed.statusCode).toBe(200);
    expect(await verify((await stored()).personal_key_hash, 'NewKey-2026')).toBe(true);

    const short = await post(admin, '/rpc-api/reseller/computer/update', {
      computerId: computer.id,
      name: 'Lab-PC-02b',
      description: 'Renamed bench computer',
      personalKey: 'ab',
    });
    expect(errorOf(short)?.message).toBe('Personal Key should be between 4 - 15 characters');
  });

  it('needs the CSRF header (403) and a session (401)', async () => {
    const noCsrf = await admin.post('/rpc-api/reseller/computer/add', valid, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(errorOf(noCsrf)?.description).toBe('CSRF_INVALID');
    const anonymous = new Agent(t.app);
    await anonymous.csrf();
    expect((await anonymous.post('/rpc-api/reseller/computer/add', valid)).statusCode).toBe(401);
  });
});

describe('groups', () => {
  it('creates, renames and deletes a group; its computers go to "no group"', async () => {
    const created = await post(admin, '/rpc-api/reseller/group/create', { name: 'Night Shift' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<{ message: { message: string } }>().message.message).toBe(
      'Group created successfully',
    );
    const group = (await groups()).groups.find((entry) => entry.name === 'Night Shift');
    expect(group).toBeDefined();

    const dupe = await post(admin, '/rpc-api/reseller/group/create', { name: 'night SHIFT' });
    expect(dupe.statusCode).toBe(409);
    expect(errorOf(dupe)).toMatchObject({
      field: 'name',
      message: 'A group with this name already exists',
    });
    for (const name of ['', 'g'.repeat(21)]) {
      const bad = await post(admin, '/rpc-api/reseller/group/create', { name });
      expect(errorOf(bad)).toMatchObject({
        field: 'name',
        message: 'Group name should be between 1 - 20 characters',
      });
    }

    const { computer } = await addComputer({ name: 'Shift-PC', groupId: group?.id ?? '' });
    expect(computer.groupName).toBe('Night Shift');
    const renamed = await post(admin, '/rpc-api/reseller/group/rename', {
      groupId: group?.id ?? '',
      name: 'Late Shift',
    });
    expect(renamed.statusCode).toBe(200);
    const taken = await post(admin, '/rpc-api/reseller/group/rename', {
      groupId: group?.id ?? '',
      name: 'servers',
    });
    expect(errorOf(taken)?.message).toBe('A group with this name already exists');

    const deleted = await post(admin, '/rpc-api/reseller/group/delete', {
      groupId: group?.id ?? '',
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ message: { count: number } }>().message.count).toBe(1);
    const after = await list(admin, { q: 'Shift-PC' });
    expect(after.computers[0]?.groupId).toBeNull();
    expect((await groups()).groups.some((entry) => entry.name === 'Late Shift')).toBe(false);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'group.%')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['group.create', 'group.rename', 'group.delete']),
    );
  });
});

describe('group names under concurrency', () => {
  it('two creates of the same name at once: one succeeds, the other gets the validation text', async () => {
    const [a, b] = await Promise.all([
      post(admin, '/rpc-api/reseller/group/create', { name: 'Race Group' }),
      post(subAdmin, '/rpc-api/reseller/group/create', { name: 'RACE GROUP' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(errorOf(refused)?.message).toBe('A group with this name already exists');
    const names = (await groups()).groups.map((group) => group.name.toLowerCase());
    expect(names.filter((name) => name === 'race group')).toHaveLength(1);
  });
});

describe('move, allot and delete many', () => {
  it('moves computers to a group and back to no group', async () => {
    const a = (await addComputer({ name: 'Move-A' })).computer;
    const b = (await addComputer({ name: 'Move-B' })).computer;
    const servers = (await groups()).groups.find((group) => group.name === 'Servers');
    const moved = await post(admin, '/rpc-api/reseller/computer/move', {
      computerIds: `${a.id},${b.id}`,
      groupId: servers?.id ?? '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: { message: string; count: number } }>().message).toEqual({
      message: 'Computers moved successfully',
      count: 2,
    });
    expect((await list(admin, { q: 'Move-' })).computers.map((c) => c.groupName)).toEqual([
      'Servers',
      'Servers',
    ]);
    const back = await post(admin, '/rpc-api/reseller/computer/move', {
      computerIds: a.id,
      groupId: '',
    });
    expect(back.statusCode).toBe(200);
    expect((await list(admin, { q: 'Move-A' })).computers[0]?.groupId).toBeNull();
  });

  it("allots within the user's allotted count and refuses more", async () => {
    // subuser@example.com may hold 3 computers and holds 2 of the demo ones.
    const sam = await userId('subuser@example.com');
    const held = await list(admin, { pageSize: '100' });
    expect(held.computers.filter((c) => c.allottedTo?.id === sam)).toHaveLength(2);
    const one = (await addComputer({ name: 'Allot-One' })).computer;
    const two = (await addComputer({ name: 'Allot-Two' })).computer;
    const refused = await post(admin, '/rpc-api/reseller/computer/allot', {
      computerIds: `${one.id},${two.id}`,
      userId: sam,
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      field: 'userId',
      message: 'Cannot allot more than 3 computers to subuser@example.com',
    });
    expect((await list(admin, { q: 'Allot-' })).computers.every((c) => !c.allottedTo)).toBe(true);

    const allotted = await post(admin, '/rpc-api/reseller/computer/allot', {
      computerIds: one.id,
      userId: sam,
    });
    expect(allotted.statusCode, allotted.body).toBe(200);
    expect(allotted.json<{ message: { message: string } }>().message.message).toBe(
      'Computers allotted successfully',
    );
    const cleared = await post(admin, '/rpc-api/reseller/computer/allot', {
      computerIds: one.id,
      userId: '',
    });
    expect(cleared.statusCode).toBe(200);
    // Allotting to a sub-admin or an unknown user is refused.
    const toSubAdmin = await post(admin, '/rpc-api/reseller/computer/allot', {
      computerIds: one.id,
      userId: await userId('subadmin@example.com'),
    });
    expect(toSubAdmin.statusCode).toBe(404);
  });

  it('deletes many after confirmation, at most 50 at a time ("Cannot delete more than 50 hosts")', async () => {
    const all = await list(admin, { pageSize: '100' });
    // Every computer of the account plus made-up ids: 51 or more in one request.
    const ids = [
      ...all.computers.map((c) => c.id),
      ...Array.from({ length: 51 }, (_, i) => `x${String(i)}`),
    ];
    const tooMany = await post(admin, '/rpc-api/reseller/computer/delete', {
      computerIds: ids.slice(0, 51).join(','),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({
      field: 'computerIds',
      message: 'Cannot delete more than 50 hosts',
    });
    expect((await list()).total).toBe(all.total);

    const doomed = (await list(admin, { q: 'Move-' })).computers.map((c) => c.id);
    const deleted = await post(admin, '/rpc-api/reseller/computer/delete', {
      computerIds: doomed.join(','),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<{ message: { message: string; count: number } }>().message).toEqual({
      message: 'Computers have been deleted successfully',
      count: 2,
    });
    expect((await list(admin, { q: 'Move-' })).total).toBe(0);
    const log = await t.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'computer.delete')
      .executeTakeFirstOrThrow();
    expect(log.target).toContain('Move-A');
  });

  it('refuses the whole bulk request when one id is unknown', async () => {
    const own = (await addComputer({ name: 'Keep-Me' })).computer;
    const response = await post(admin, '/rpc-api/reseller/computer/delete', {
      computerIds: `${own.id},not-a-computer`,
    });
    expect(response.statusCode).toBe(404);
    expect((await list(admin, { q: 'Keep-Me' })).total).toBe(1);
  });
});

describe('comments and messages', () => {
  it('adds comments (6-4000) and sends messages (under 250) to a computer', async () => {
    const { computer } = await addComputer({ name: 'Notes-PC' });
    const short = await post(admin, '/rpc-api/reseller/computer/comment/add', {
      computerId: computer.id,
      comment: 'short',
    });
    expect(errorOf(short)).toMatchObject({
      field: 'comment',
      message: 'Comments size must be in between 6-4000',
    });
    const long = await post(admin, '/rpc-api/reseller/computer/comment/add', {
      computerId: computer.id,
      comment: 'c'.repeat(4001),
    });
    expect(errorOf(long)?.message).toBe('Comments size must be in between 6-4000');
    const added = await post(admin, '/rpc-api/reseller/computer/comment/add', {
      computerId: computer.id,
      comment: 'Replaced the disk today.',
    });
    expect(added.statusCode).toBe(200);
    const comments = await admin.get('/rpc-api/reseller/computer/comment/get', {
      computerId: computer.id,
    });
    expect(comments.json<{ message: { notes: { text: string }[] } }>().message.notes).toEqual([
      expect.objectContaining({ text: 'Replaced the disk today.' }),
    ]);

    const tooLong = await post(admin, '/rpc-api/reseller/computer/message/send', {
      computerId: computer.id,
      message: 'm'.repeat(250),
    });
    expect(errorOf(tooLong)).toMatchObject({
      field: 'message',
      message: 'Message should be less than 250 characters',
    });
    const sent = await post(admin, '/rpc-api/reseller/computer/message/send', {
      computerId: computer.id,
      message: 'm'.repeat(249),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ message: { message: string } }>().message.message).toBe(
      'Message sent successfully',
    );
    const messages = await admin.get('/rpc-api/reseller/computer/message/get', {
      computerId: computer.id,
    });
    const notes = messages.json<{ message: { notes: { deliveredAt: string | null }[] } }>().message
      .notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]?.deliveredAt).toBeNull();
  });
});

describe('roles', () => {
  it('a sub-admin manages computers and groups', async () => {
    const { computer } = await addComputer({ name: 'SubAdmin-PC' }, subAdmin);
    expect(computer.name).toBe('SubAdmin-PC');
    expect((await list(subAdmin)).total).toBe((await list(admin)).total);
    const created = await post(subAdmin, '/rpc-api/reseller/group/create', { name: 'Sub Group' });
    expect(created.statusCode).toBe(200);
  });

  it('a sub-user lists only the computers allotted to them and cannot change anything', async () => {
    const sam = await userId('subuser@example.com');
    const own = await list(subUser, { pageSize: '100' });
    expect(own.total).toBe(2);
    expect(own.computers.every((c) => c.allottedTo?.id === sam)).toBe(true);
    const any = own.computers[0]?.id ?? '';
    for (const [url, form] of [
      ['/rpc-api/reseller/computer/add', valid],
      ['/rpc-api/reseller/computer/update', { ...valid, computerId: any }],
      ['/rpc-api/reseller/computer/move', { computerIds: any, groupId: '' }],
      ['/rpc-api/reseller/computer/allot', { computerIds: any, userId: '' }],
      ['/rpc-api/reseller/computer/delete', { computerIds: any }],
      ['/rpc-api/reseller/computer/comment/add', { computerId: any, comment: 'Hello there' }],
      ['/rpc-api/reseller/computer/message/send', { computerId: any, message: 'Hello' }],
      ['/rpc-api/reseller/group/create', { name: 'Mine' }],
    ] as const) {
      const response = await post(subUser, url, form);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response)?.message).toBe(PERMISSION);
    }
    const groupsResponse = await subUser.get('/rpc-api/reseller/group/get');
    expect(groupsResponse.statusCode).toBe(403);
    expect((await list(subUser)).total).toBe(2);
  });

  it('another reseller never sees or changes these computers and groups (404)', async () => {
    expect((await list(trial)).total).toBe(0);
    const target = (await list(admin)).computers[0];
    const group = (await groups()).groups[0];
    for (const [url, form] of [
      ['/rpc-api/reseller/computer/update', { ...valid, computerId: target?.id ?? '' }],
      ['/rpc-api/reseller/computer/move', { computerIds: target?.id ?? '', groupId: '' }],
      ['/rpc-api/reseller/computer/allot', { computerIds: target?.id ?? '', userId: '' }],
      ['/rpc-api/reseller/computer/delete', { computerIds: target?.id ?? '' }],
      [
        '/rpc-api/reseller/computer/comment/add',
        { computerId: target?.id ?? '', comment: 'Hi there' },
      ],
      ['/rpc-api/reseller/computer/message/send', { computerId: target?.id ?? '', message: 'Hi' }],
      ['/rpc-api/reseller/group/rename', { groupId: group?.id ?? '', name: 'Mine' }],
      ['/rpc-api/reseller/group/delete', { groupId: group?.id ?? '' }],
    ] as const) {
      expect((await post(trial, url, form)).statusCode, url).toBe(404);
    }
    const comments = await trial.get('/rpc-api/reseller/computer/comment/get', {
      computerId: target?.id ?? '',
    });
    expect(comments.statusCode).toBe(404);
    // The other reseller cannot allot its own computer to this reseller's user either.
    const mine = (await addComputer({ name: 'Trial-PC' }, trial)).computer;
    const foreignUser = await post(trial, '/rpc-api/reseller/computer/allot', {
      computerIds: mine.id,
      userId: await userId('subuser@example.com'),
    });
    expect(foreignUser.statusCode).toBe(404);
    expect((await list(admin, { q: 'Trial-PC' })).total).toBe(0);
  });
});

describe('allotments of a cancelled user', () => {
  it('show as not allotted while the user is cancelled, and come back on restore', async () => {
    const sam = await userId('subuser@example.com');
    const allotted = (await list(admin, { pageSize: '100' })).computers.find(
      (c) => c.allottedTo !== null && c.allottedTo.id !== sam,
    );
    const holder = allotted?.allottedTo?.id ?? '';
    expect(holder).not.toBe('');
    const setStatus = (status: 'active' | 'cancelled') =>
      t.db.updateTable('users').set({ status }).where('id', '=', holder).execute();
    await setStatus('cancelled');
    const during = (await list(admin, { q: allotted?.name ?? '' })).computers[0];
    expect(during?.allottedTo).toBeNull();
    await setStatus('active');
    const after = (await list(admin, { q: allotted?.name ?? '' })).computers[0];
    expect(after?.allottedTo?.id).toBe(holder);
  });
});

describe('the Personal Key', () => {
  it('is never part of any answer', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      for (const secret of [
        'Secret-Key9',
        'NewKey-2026',
        'Demo-Key-1',
        'personal_key',
        '$argon2',
      ]) {
        expect(body).not.toContain(secret);
      }
    }
  });
});
