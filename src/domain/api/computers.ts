/**
 * Computers and groups of a reseller account (spec sections 1 and 8 "Computers and groups", limits
 * of section 9). The spec names no endpoints for them; the calls sit under /reseller/computer/ and
 * /reseller/group/. Request and answer schemas are shared by the console's forms and the routes.
 */
import { z } from 'zod';
import { listOrder, listPage, listPageSize, listSearch } from './list-query';
import { HOSTS_DELETE_MAX, lengths } from '../limits';
import { requiredInDocument } from '../rule-kit';
import { idListJsonSchema, shapeJsonSchema, textShape } from '../rule-shapes';
import { formatMessage, interpolate } from '../messages';
import { rules, schemas } from '../validation';

/** Texts the spec does not give (chosen), next to the spec's own. */
export const computerMessages = {
  added: 'Computer added successfully',
  updated: 'Computer details updated successfully',
  deleted: 'Computers have been deleted successfully',
  moved: 'Computers moved successfully',
  allotted: 'Computers allotted successfully',
  unallotted: 'Computers are no longer allotted to a user',
  commentAdded: 'Comment added successfully',
  messageSent: 'Message sent successfully',
  messageRequired: 'Enter a message',
  notFound: 'Computer not found',
  userNotFound: 'User not found',
  /** chosen: the spec gives no text for a computer past the plan's count. */
  overPlan: 'Your plan has no room for another computer. Upgrade your plan to add more.',
  groupNotFound: 'Group not found',
  groupNameTaken: 'A group with this name already exists',
  groupCreated: 'Group created successfully',
  groupRenamed: 'Group renamed successfully',
  groupDeleted: 'Group has been deleted successfully',
  /** The user's "allotted computers" count caps how many computers they may be given. */
  allotOverLimit: 'Cannot allot more than <allotted> computers to <user>',
  deleteLimit: formatMessage('hosts.delete.limit', { numberOfHosts: HOSTS_DELETE_MAX }),
} as const;

export const allotOverLimitMessage = (allotted: number, user: string): string =>
  interpolate(computerMessages.allotOverLimit, { allotted, user });

export const computerStatuses = ['online', 'offline'] as const;
export type ComputerStatus = (typeof computerStatuses)[number];

export const computerSortFields = ['name', 'last_seen', 'status'] as const;
export type ComputerSortField = (typeof computerSortFields)[number];

/** The group filter of the list: every computer, those in no group, or one group's id. */
export const GROUP_FILTER_ALL = 'all';
export const GROUP_FILTER_NONE = 'none';

const id = (message: string) => z.string().trim().min(1, message).max(64);
/** An optional group id: "" means "no group". */
const optionalGroupId = z.string().trim().max(64).prefault('');

/**
 * GET /reseller/computer/get (and GET /reseller-api/v1/computers): a value outside these is
 * refused, never replaced by a default; control characters (NUL above all, which PostgreSQL
 * refuses in text) never reach it (server/plugins/control-chars.ts).
 */
export const listComputersQuerySchema = z.object({
  q: listSearch,
  page: listPage,
  pageSize: listPageSize,
  sort: z.enum(computerSortFields).prefault('name'),
  order: listOrder('asc'),
  group: z.string().trim().max(64).prefault(GROUP_FILTER_ALL),
});
export type ListComputersQuery = Partial<z.output<typeof listComputersQuerySchema>>;

export const computerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  allottedTo: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  status: z.enum(computerStatuses),
  /** ISO timestamp of the last connection; null: never seen. */
  lastSeen: z.string().nullable(),
  createdAt: z.string(),
});
export type Computer = z.infer<typeof computerSchema>;

export const computerListSchema = z.object({
  computers: z.array(computerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ComputerList = z.infer<typeof computerListSchema>;

/** A comma-separated list of computer ids (bulk actions). */
const computerIdList = (max: number, tooMany: string) =>
  z
    .string()
    .trim()
    .max(40_000)
    .transform((value) => [...new Set(value.split(',').map((item) => item.trim()))].filter(Boolean))
    .pipe(z.array(z.string().max(64)).min(1, computerMessages.notFound).max(max, tooMany))
    .meta(idListJsonSchema(max));

/** Optional Personal Key of the update call: blank keeps the current key. */
const optionalPersonalKey = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const message = value === '' ? null : rules.personalKey(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  })
  .prefault('')
  .meta({ ...shapeJsonSchema(textShape(lengths.personalKey), true) });

/** POST /reseller/computer/add */
export const addComputerSchema = z.object({
  name: schemas.computerName,
  description: schemas.computerDescription,
  personalKey: schemas.personalKey,
  groupId: optionalGroupId,
});
export type AddComputerRequest = z.input<typeof addComputerSchema>;

/** POST /reseller/computer/update; a blank Personal Key leaves the stored key as it is. */
export const updateComputerSchema = z.object({
  computerId: id(computerMessages.notFound),
  name: schemas.computerName,
  description: schemas.computerDescription,
  personalKey: optionalPersonalKey,
  groupId: optionalGroupId,
});
export type UpdateComputerRequest = z.input<typeof updateComputerSchema>;

/** POST /reseller/computer/move: into a group, or into no group with groupId "". */
export const moveComputersSchema = z.object({
  computerIds: computerIdList(500, 'Select at most 500 computers'),
  groupId: optionalGroupId,
});
export type MoveComputersRequest = z.input<typeof moveComputersSchema>;

/** POST /reseller/computer/allot: to a sub-user, or to nobody with userId "". */
export const allotComputersSchema = z.object({
  computerIds: computerIdList(500, 'Select at most 500 computers'),
  userId: z.string().trim().max(64).prefault(''),
});
export type AllotComputersRequest = z.input<typeof allotComputersSchema>;

/** POST /reseller/computer/delete: "Cannot delete more than <numberOfHosts> hosts". */
export const deleteComputersSchema = z.object({
  computerIds: computerIdList(HOSTS_DELETE_MAX, computerMessages.deleteLimit),
});
export type DeleteComputersRequest = z.input<typeof deleteComputersSchema>;

export const computerIdQuerySchema = z.object({ computerId: id(computerMessages.notFound) });

/** POST /reseller/computer/comment/add */
export const addCommentSchema = z.object({
  computerId: id(computerMessages.notFound),
  comment: schemas.comments,
});

/** POST /reseller/computer/message/send: a required text "less than 250 characters". */
export const sendMessageSchema = z.object({
  computerId: id(computerMessages.notFound),
  message: requiredInDocument(
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const message = value === '' ? computerMessages.messageRequired : rules.message(value);
        if (message !== null) ctx.addIssue({ code: 'custom', message });
      })
      .prefault('')
      .meta({ ...shapeJsonSchema(textShape({ ...lengths.message, isMultiline: true }), false) }),
  ),
});

export const computerNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
  /** Messages only: when the computer picked it up (null: waiting for its next connection). */
  deliveredAt: z.string().nullable(),
});
export type ComputerNote = z.infer<typeof computerNoteSchema>;
export const computerNotesSchema = z.object({ notes: z.array(computerNoteSchema) });

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  computerCount: z.number().int(),
});
export type ComputerGroup = z.infer<typeof groupSchema>;
export const groupListSchema = z.object({
  groups: z.array(groupSchema),
  /** Computers in no group. */
  ungrouped: z.number().int(),
});
export type GroupList = z.infer<typeof groupListSchema>;

export const createGroupSchema = z.object({ name: schemas.groupName });
export const renameGroupSchema = z.object({
  groupId: id(computerMessages.groupNotFound),
  name: schemas.groupName,
});
export const groupIdSchema = z.object({ groupId: id(computerMessages.groupNotFound) });

export const computerDoneSchema = z.object({ message: z.string(), count: z.number().int() });
export const computerSavedSchema = z.object({ message: z.string(), computer: computerSchema });
