import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Team {
  id: string;
  name: string;
  members: { id: string; email: string }[];
}

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
});
afterAll(() => t.close());

async function teams(agent: Agent = admin): Promise<Team[]> {
  const response = await agent.get('/rpc-api/reseller/team/get');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { teams: Team[] } }>().message.teams;
}

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

describe('teams', () => {
  it('lists the demo teams with their members', async () => {
    const list = await teams();
    expect(list.map((team) => team.name)).toEqual([
      'Field Technicians',
      'Help Desk',
      'Sales Engineering',
    ]);
    expect(list[0]?.members).toHaveLength(3);
  });

  it('creates, renames and deletes a team', async () => {
    const created = await admin.post('/rpc-api/reseller/team/create', { name: 'Night Shift' });
    expect(created.statusCode, created.body).toBe(200);
    const team = (await teams()).find((entry) => entry.name === 'Night Shift');
    expect(team).toBeDefined();
    const dupe = await admin.post('/rpc-api/reseller/team/create', { name: 'night shift' });
    expect(errorOf(dupe)?.message).toBe('A team with this name already exists');
    const blank = await admin.post('/rpc-api/reseller/team/create', { name: '' });
    expect(errorOf(blank)?.field).toBe('name');
    const renamed = await admin.post('/rpc-api/reseller/team/rename', {
      teamId: team?.id ?? '',
      name: 'Late Shift',
    });
    expect(renamed.statusCode).toBe(200);
    const deleted = await admin.post('/rpc-api/reseller/team/delete', { teamId: team?.id ?? '' });
    expect(deleted.statusCode).toBe(200);
    expect((await teams()).some((entry) => entry.name === 'Late Shift')).toBe(false);
  });

  it('a user belongs to at most one team: the whole request is refused', async () => {
    await admin.post('/rpc-api/reseller/team/create', { name: 'Escalations' });
    const list = await teams();
    const target = list.find((team) => team.name === 'Escalations');
    const alreadyInTeam =
      list.find((team) => team.name === 'Field Technicians')?.members[0]?.id ?? '';
    const free = await userId('subadmin@example.com');
    const response = await admin.post('/rpc-api/reseller/team/members/add', {
      teamId: target?.id ?? '',
      userIds: `${free},${alreadyInTeam}`,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.message).toBe(
      'You cannot add a user to more than one team. Deselect users who are already part of a Team',
    );
    expect((await teams()).find((team) => team.name === 'Escalations')?.members).toEqual([]);

    const added = await admin.post('/rpc-api/reseller/team/members/add', {
      teamId: target?.id ?? '',
      userIds: free,
    });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await admin.post('/rpc-api/reseller/team/members/remove', {
      teamId: target?.id ?? '',
      userIds: free,
    });
    expect(removed.statusCode).toBe(200);
    // Again: nobody left to remove, so it succeeds and logs nothing more.
    const logged = () =>
      t.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'team.members.remove')
        .execute();
    const before = (await logged()).length;
    const again = await admin.post('/rpc-api/reseller/team/members/remove', {
      teamId: target?.id ?? '',
      userIds: free,
    });
    expect(again.statusCode).toBe(200);
    expect(await logged()).toHaveLength(before);
  });

  it('refuses a sub-user (403); a sub-admin may manage teams', async () => {
    const subUser = new Agent(t.app);
    await subUser.signIn('reseller', 'subuser@example.com');
    const response = await subUser.get('/rpc-api/reseller/team/get');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
    const subAdmin = new Agent(t.app);
    await subAdmin.signIn('reseller', 'subadmin@example.com');
    expect((await teams(subAdmin)).length).toBeGreaterThanOrEqual(3);
  });

  it('another reseller never sees or changes these teams (404)', async () => {
    const trial = new Agent(t.app);
    await trial.signIn('reseller', 'trial@example.com');
    expect(await teams(trial)).toEqual([]);
    const target = (await teams())[0];
    for (const [url, form] of [
      ['/rpc-api/reseller/team/rename', { teamId: target?.id ?? '', name: 'Mine' }],
      ['/rpc-api/reseller/team/delete', { teamId: target?.id ?? '' }],
      ['/rpc-api/reseller/team/members/add', { teamId: target?.id ?? '', userIds: 'x' }],
    ] as const) {
      expect((await trial.post(url, form)).statusCode, url).toBe(404);
    }
    // Nor can a reseller put another reseller's user into its own team.
    await trial.post('/rpc-api/reseller/team/create', { name: 'Trial Team' });
    const own = (await teams(trial))[0];
    const foreign = await trial.post('/rpc-api/reseller/team/members/add', {
      teamId: own?.id ?? '',
      userIds: await userId('subadmin@example.com'),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
