import type { ApiAccount } from './reseller-account';
import type { Computer } from './computers';
import type { ApiComputerList, ApiGroupList, ApiUserList } from './reseller-api-lists';
import type { SubUser } from './reseller-users';

/**
 * The reseller API document's examples, taken from the demo data the seed writes (Acme Remote
 * Services, reseller@example.com): its users' e-mails and names, its computers, groups and
 * plan, as a demo account's API key reads them. Ids and times differ on every seed (they are
 * random, and relative to the day it ran); tests/server/reseller-api-examples.test.ts checks
 * the names and e-mails against a fresh seed and every example against its schema.
 */

const ok = <T>(message: T) => ({ code: 200 as const, status: 'OK' as const, message });

export const exampleUser: SubUser = {
  id: '0560b0ec-e4f4-45bb-93e3-31afbd4418bf',
  firstname: 'Blake',
  lastname: 'Hughes',
  username: 'blake.hughes2@acme-remote.example.com',
  email: 'blake.hughes2@acme-remote.example.com',
  role: 'sub_user',
  status: 'active',
  isActive: true,
  created_date: '10-16-2026',
  createdAt: '2026-10-16T19:46:35.381Z',
  allotedComputers: 1,
  invitationExpiresAt: null,
  isInvitationExpired: false,
  cancelledAt: null,
};

const secondUser: SubUser = {
  ...exampleUser,
  id: 'b3e275f4-cc5d-432a-93cc-2f617b952d6b',
  firstname: 'Avery',
  lastname: 'Anderson',
  username: 'avery.anderson1@acme-remote.example.com',
  email: 'avery.anderson1@acme-remote.example.com',
  created_date: '11-22-2026',
  createdAt: '2026-11-22T19:46:35.381Z',
  allotedComputers: 0,
};

/** A first page of two, newest first: next_cursor asks for the rest. */
export const exampleUserList = ok<ApiUserList>({
  users: [secondUser, exampleUser],
  total: 18,
  page: 1,
  pageSize: 2,
  limit: 2,
  next_cursor:
    'eyJzIjoiY3JlYXRlZF9kYXRlIiwibyI6ImRlc2MiLCJrIjpbIjIwMjYtMTAtMTZUMTk6NDY6MzUuMzgxWiIsImJsYWtlLmh1Z2hlczJAYWNtZS1yZW1vdGUuZXhhbXBsZS5jb20iLCIwNTYwYjBlYy1lNGY0LTQ1YmItOTNlMy0zMWFmYmQ0NDE4YmYiXSwibSI6IjRPUnlid1BFeVVPbWNxbkFlMnU1TS0xeGpmUFBuQ2dvIn0',
  counts: { active: 14, invited: 4, cancelled: 8 },
  allotted: 26,
  planComputers: 100,
  planUsers: 25,
});

/** An address the demo data does not hold yet: the one an integrator invites. */
export const exampleInvitee = 'new.hire@example.com';

export const exampleInviteRequest = {
  email: exampleInvitee,
  role: 'sub_user',
  allotedComputers: 1,
};

export const exampleInviteAnswer = ok({
  user: {
    ...exampleUser,
    id: '9d2f4c1e-7b3a-4e58-a1c6-0f8e2d5b7a93',
    firstname: '',
    lastname: '',
    username: exampleInvitee,
    email: exampleInvitee,
    status: 'invited' as const,
    isActive: false,
    created_date: '11-25-2026',
    createdAt: '2026-11-25T19:50:00.000Z',
    invitationExpiresAt: '2026-12-02T19:50:00.000Z',
  },
  message: 'Invitation sent successfully',
});

export const exampleUpdateRequest = {
  userId: exampleUser.id,
  firstName: 'Blake',
  lastName: 'Hughes',
  role: 'sub_admin',
  allotedComputers: 2,
};

export const exampleUpdateAnswer = ok<SubUser>({
  ...exampleUser,
  role: 'sub_admin',
  allotedComputers: 2,
});

export const exampleDeleteRequest = { userIds: `${exampleUser.id},${secondUser.id}` };

export const exampleDeleteAnswer = ok({ message: 'User has been deleted successfully', count: 2 });

const headOffice = { id: '494d3c23-e8fe-4649-9a34-fc8c463626d8', name: 'Head Office' };

const exampleComputer: Computer = {
  id: 'f3140ea3-c04e-44bb-8ee4-3b6e63e5ffa4',
  name: 'HQ-WS-01',
  description: 'Office workstation #1',
  groupId: headOffice.id,
  groupName: headOffice.name,
  allottedTo: {
    id: 'e9f6e0a9-d2b2-4645-aef5-dd6248ffe1b9',
    email: 'subuser@example.com',
    name: 'Sam Patel',
  },
  status: 'online',
  lastSeen: '2026-11-25T19:45:35.381Z',
  createdAt: '2026-05-29T19:46:35.381Z',
};

/** A first page of two, A to Z. */
export const exampleComputerList = ok<ApiComputerList>({
  computers: [
    exampleComputer,
    {
      ...exampleComputer,
      id: '6d4d5707-c840-4e95-b203-135b86970ab0',
      name: 'HQ-WS-02',
      description: 'Office workstation #2',
      allottedTo: null,
      status: 'offline',
      lastSeen: '2026-11-25T13:46:35.381Z',
      createdAt: '2026-05-30T19:46:35.381Z',
    },
  ],
  total: 40,
  page: 1,
  pageSize: 2,
  limit: 2,
  next_cursor:
    'eyJzIjoibmFtZSIsIm8iOiJhc2MiLCJrIjpbIkhRLVdTLTAyIiwiSFEtV1MtMDIiLCI2ZDRkNTcwNy1jODQwLTRlOTUtYjIwMy0xMzViODY5NzBhYjAiXSwibSI6Im9lTFo0anBjbXpYVzg4b0hKTE1oMW1WZ3k4d1hUMWRQIn0',
});

export const exampleGroupList = ok<ApiGroupList>({
  groups: [
    { ...headOffice, computerCount: 8 },
    { id: '556d5fc4-0217-43cc-bd85-8b73c53fc88d', name: 'Kiosks', computerCount: 8 },
    { id: '17d72093-ee0d-48c2-8af4-becabadb8f3e', name: 'Remote Staff', computerCount: 8 },
    { id: '8506131d-4c9b-45ec-8dde-25b0a887a9e1', name: 'Servers', computerCount: 8 },
    { id: 'e7afa67c-5ac1-41f4-83e7-c9f4d5599a45', name: 'Warehouse', computerCount: 8 },
  ],
  ungrouped: 0,
  limit: null,
  next_cursor: null,
});

export const exampleAccount = ok<ApiAccount>({
  company_name: 'Acme Remote Services',
  plan_name: 'Bulk Reseller',
  subscription_type: 'PAID',
  account_status: 'A',
  start_date: '2026-11-13T19:46:35.381Z',
  end_date: '2026-12-13T19:46:35.381Z',
  users: { total: 26, active: 14, invited: 4 },
});

/** The console's own lists page by number: the same pages without the cursor fields. */
const withoutCursor = (list: object) =>
  Object.fromEntries(
    Object.entries(list).filter(([key]) => key !== 'limit' && key !== 'next_cursor'),
  );
export const exampleConsoleUserList = ok({ ...withoutCursor(exampleUserList.message), page: 1 });
export const exampleConsoleComputerList = ok({
  ...withoutCursor(exampleComputerList.message),
  page: 1,
});
