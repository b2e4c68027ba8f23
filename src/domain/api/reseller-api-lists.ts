import { z } from 'zod';
import { computerListSchema, groupListSchema, listComputersQuerySchema } from './computers';
import {
  apiListCursor,
  apiListLimit,
  apiPagingShape,
  cursorPageShape,
  refuseMixedPaging,
} from './reseller-api-pagination';
import { listUsersQuerySchema, userListSchema } from './reseller-users';

/**
 * The reseller API's list calls: the console's filters and sorts, paged by cursor (see
 * reseller-api-pagination.ts). The console's own /rpc-api lists keep paging by page number.
 */
export const apiListUsersQuerySchema = listUsersQuerySchema
  .omit({ page: true, pageSize: true })
  .extend(apiPagingShape)
  .superRefine(refuseMixedPaging);
export type ApiListUsersQuery = z.output<typeof apiListUsersQuerySchema>;

export const apiUserListSchema = userListSchema.extend(cursorPageShape);
export type ApiUserList = z.infer<typeof apiUserListSchema>;

export const apiListComputersQuerySchema = listComputersQuerySchema
  .omit({ page: true, pageSize: true })
  .extend(apiPagingShape)
  .superRefine(refuseMixedPaging);
export type ApiListComputersQuery = z.output<typeof apiListComputersQuerySchema>;

export const apiComputerListSchema = computerListSchema.extend(cursorPageShape);
export type ApiComputerList = z.infer<typeof apiComputerListSchema>;

/**
 * The groups list answered every group before it had cursors, so it still does when neither
 * `limit` nor `cursor` is sent (the versioning policy); either one pages it, A to Z.
 */
export const apiListGroupsQuerySchema = z.object({ limit: apiListLimit, cursor: apiListCursor });
export type ApiListGroupsQuery = z.output<typeof apiListGroupsQuerySchema>;

export const apiGroupListSchema = groupListSchema.extend({
  limit: z.number().int().nullable().meta({
    description: 'The rows asked for; null when neither limit nor cursor was sent (every group).',
  }),
  next_cursor: cursorPageShape.next_cursor,
});
export type ApiGroupList = z.infer<typeof apiGroupListSchema>;
