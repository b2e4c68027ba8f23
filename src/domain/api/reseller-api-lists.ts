import type { z } from 'zod';
import { computerListSchema, listComputersQuerySchema } from './computers';
import { apiPagingShape, cursorPageShape, refuseMixedPaging } from './reseller-api-pagination';
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
