/**
 * Reseller sub-users (spec sections 3, 6, 7 "Users" and 8): the request and answer schemas of
 * the user calls, shared by the console and the server, with the role table (roles.ts).
 */
import { z } from 'zod';
import { idListJsonSchema } from '../rule-shapes';
import { listOrder, listPage, listPageSize, listSearch } from './list-query';
import { messages } from '../messages';
import { subUserSortFields, type SubUserSortField } from '../sorting';
import { schemas } from '../validation';
import { resellerRoles, type ResellerRole } from './roles';

export const userStatuses = ['active', 'invited', 'cancelled'] as const;
export type UserStatus = (typeof userStatuses)[number];

export {
  assignableRoles,
  can,
  canManageUser,
  isResellerRole,
  permissions,
  resellerRoles,
  roleNames,
  roleOfFlags,
  type Permission,
  type ResellerRole,
} from './roles';

/**
 * Whether `extra` more computers (allotted, or added to the account) still fit a plan of `limit`
 * when `used` are taken. Lowering (extra <= 0) always fits, even for an account already over.
 */
export const withinPlan = (used: number, extra: number, limit: number): boolean =>
  extra <= 0 || used + extra <= limit;

const plural = (n: number, noun: string): string => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;

/** The plan's users: used (not cancelled, pending invitations included) and still available. */
export interface PlanSeats {
  used: number;
  limit: number;
  available: number;
}

export const planSeats = (
  counts: { active: number; invited: number },
  limit: number,
): PlanSeats => {
  const used = counts.active + counts.invited;
  return { used, limit, available: Math.max(0, limit - used) };
};

/** An invitation link is valid this long. */
export const INVITATION_TTL_DAYS = 7;
/** The largest number of computers one user may be allotted in a single field. */
export const MAX_ALLOTTED_COMPUTERS = 9999;

/** Texts the spec does not give (chosen). */
export const userMessages = {
  allottedInvalid: messages['csv.allotted.computers.invalid'],
  allottedOverPlan: 'The computers allotted exceed the number of computers in your plan',
  /** chosen: the spec gives no text for lowering a count below the computers a user holds. */
  allottedBelowHeld: (held: number) =>
    `This user already has ${String(held)} computers allotted. Move some to another user first.`,
  /**
   * chosen: the spec gives no text for the plan's user count. It says what is used and what is
   * left, so the manager knows whether to upgrade or to remove someone.
   */
  usersOverPlan: ({ limit, used, asked }: { limit: number; used: number; asked: number }) =>
    asked === 1
      ? `Your plan includes ${plural(limit, 'user')} and ${String(used)} ${used === 1 ? 'is' : 'are'} in use. Upgrade your plan or delete a user to add another.`
      : `Your plan includes ${plural(limit, 'user')} and ${String(used)} ${used === 1 ? 'is' : 'are'} in use: ${String(Math.max(0, limit - used))} more can be added, not ${String(asked)}. Upgrade your plan or add fewer users.`,
  userAdded: 'User added successfully',
  userRestored: 'User has been restored successfully',
  notFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  notInvited: 'This user has already accepted the invitation',
  roleInvalid: 'Select a valid role',
} as const;

// Form bodies carry text; a JSON body (the reseller API) may carry a number.
const allotedComputers = z
  .union([z.string(), z.number()], { error: userMessages.allottedInvalid })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, userMessages.allottedInvalid)
      .transform(Number),
  )
  .prefault('0')
  // 1 to 4 digits, as text (a form) or a whole number (JSON).
  .meta({
    anyOf: [
      { type: 'string', pattern: '^ *\\d{1,4} *$' },
      { type: 'integer', minimum: 0, maximum: 9999 },
    ],
  });

const assignableRole = z
  .enum(['sub_admin', 'sub_user'], { error: userMessages.roleInvalid })
  .prefault('sub_user');

/** An id named by the client: length-bounded text, checked against the caller's account. */
export const userIdSchema = z.string().trim().min(1, userMessages.notFound).max(64);

/** A comma-separated list of ids (bulk actions), at most 500. */
export const userIdListSchema = z
  .string()
  .trim()
  .max(40_000)
  .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter(Boolean))
  .pipe(
    z
      .array(z.string().max(64))
      .min(1, userMessages.notFound)
      .max(500, messages['csv.too.many.users']),
  )
  .meta(idListJsonSchema(500));

/** The users list's status filter. */
export const userListStatuses = ['all', 'active', 'invited', 'expired'] as const;
export type UserListStatus = (typeof userListStatuses)[number];

/** GET /reseller/user/get, /reseller/user/export and /reseller/account/get/cancelusers */
export const listUsersQuerySchema = z.object({
  q: listSearch,
  page: listPage,
  pageSize: listPageSize,
  sort: z.enum(subUserSortFields).prefault('created_date'),
  order: listOrder('desc'),
  /** `expired`: pending invitations whose link no longer works. */
  status: z.enum(userListStatuses).prefault('all'),
  role: z.enum(['all', ...resellerRoles]).prefault('all'),
  /**
   * A team's id: its members only ('' for everyone). Ids are letters, digits and dashes; anything
   * else (a NUL byte, which PostgreSQL refuses in text) is refused, never read as "everyone".
   */
  team: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]*$/, { error: 'A team id holds only letters, digits, _ and -' })
    .prefault(''),
});
/** What the console sends to the list calls. */
export interface ListUsersQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: SubUserSortField;
  order?: 'asc' | 'desc';
  status?: UserListStatus;
  role?: 'all' | ResellerRole;
  team?: string;
}

/** POST /reseller/user/invite/resend/bulk: a new link and e-mail for each pending invitation. */
export const bulkResendResultSchema = z.object({ message: z.string(), count: z.number().int() });

export const subUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(resellerRoles),
  status: z.enum(userStatuses),
  /** Spec section 3's sort fields. */
  isActive: z.boolean(),
  created_date: z.string(),
  createdAt: z.string(),
  allotedComputers: z.number().int(),
  /** Pending invitations: when the current link stops working. */
  invitationExpiresAt: z.string().nullable(),
  isInvitationExpired: z.boolean(),
  cancelledAt: z.string().nullable(),
});
export type SubUser = z.infer<typeof subUserSchema>;

export const userListSchema = z.object({
  users: z.array(subUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({
    active: z.number().int(),
    invited: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Computers allotted to every non-cancelled user, and the plan's count (null: no limit known). */
  allotted: z.number().int(),
  planComputers: z.number().int().nullable(),
  /** The plan's users (null: no limit known); the used count is `counts.active + counts.invited`. */
  planUsers: z.number().int().nullable(),
});
export type UserList = z.infer<typeof userListSchema>;

/** POST /reseller/user/add: a user who can sign in at once. */
export const addUserSchema = z.object({
  firstName: schemas.firstName,
  lastName: schemas.lastName,
  email: schemas.email,
  password: schemas.password,
  role: assignableRole,
  allotedComputers,
});
export type AddUserRequest = z.input<typeof addUserSchema>;

/** POST /reseller/user/invite: one invitation by e-mail. */
export const inviteUserSchema = z.object({
  email: schemas.email,
  role: assignableRole,
  allotedComputers,
});
export type InviteUserRequest = z.input<typeof inviteUserSchema>;

/** POST /reseller/user/update */
export const updateUserSchema = z.object({
  userId: userIdSchema,
  // Invited users may not have a name yet; a given name is checked by the name rules.
  firstName: z.string().trim().max(200).prefault(''),
  lastName: z.string().trim().max(200).prefault(''),
  role: assignableRole,
  allotedComputers,
});
export type UpdateUserRequest = z.input<typeof updateUserSchema>;

export const userIdsBodySchema = z.object({ userIds: userIdListSchema });
export const userIdBodySchema = z.object({ userId: userIdSchema });

export const inviteResultSchema = z.object({
  user: subUserSchema,
  message: z.string(),
});

export const inviteLinkSchema = z.object({ link: z.string(), expiresAt: z.string() });

export const doneSchema = z.object({ message: z.string(), count: z.number().int() });

/** POST /reseller/user/invite/csv: the text of one CSV file (the console read and previewed it). */
export const csvInviteSchema = z.object({
  csv: z.string().max(1_000_000, messages['csv.invalid']).prefault(''),
  role: assignableRole,
});
export type CsvInviteRequest = z.input<typeof csvInviteSchema>;

export const csvInviteResultSchema = z.object({ created: z.number().int(), message: z.string() });

/** The machine code of an all-or-nothing CSV refusal; each failed row follows as its own error. */
export const CSV_ROWS_FAILED = 'CSV_ROWS_FAILED';

/** `field` of one failed CSV row in the error envelope: "row.<n>.<column>" (n = spreadsheet row). */
export const csvRowField = (row: number | null, column?: string): string =>
  row === null ? 'csv' : `row.${String(row)}.${column ?? 'file'}`;

/** A sample file for the console's download link. */
export const SAMPLE_CSV = [
  'email,first_name,last_name,allotted_computers',
  'jane.doe@example.com,Jane,Doe,2',
  'john.smith@example.com,John,Smith,1',
  '',
].join('\n');
