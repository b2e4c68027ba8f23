import { z } from 'zod';
import { BEYOND_SCHEMA } from './envelope';
import { listPage, listPageSize } from './list-query';

/**
 * Cursor pagination on the reseller API's list calls (as Stripe and GitHub page): `limit` rows
 * after an opaque `cursor`, and `next_cursor` to ask for the next page (null on the last). A
 * cursor marks a row's place in the sort, not a page number, so rows added or removed between
 * two calls neither repeat nor skip others. `page` and `pageSize` are v1's first way of paging:
 * still accepted (the versioning policy removes nothing within a version), deprecated.
 */
export const API_LIST_LIMIT = { min: 1, max: 100, fallback: 25 } as const;

/** Texts the spec does not give (chosen). */
export const paginationMessages = {
  limit: 'Limit must be a whole number from 1 to 100',
  cursor: 'The cursor is not one this list gave out: start again without it',
  otherSort: 'The cursor was made for another sort: send the sort and order it was made with',
  mixed: 'Page with cursor and limit, or with page and pageSize, not both',
} as const;

export const apiListLimit = z.coerce
  .number({ error: paginationMessages.limit })
  .int({ error: paginationMessages.limit })
  .min(API_LIST_LIMIT.min, { error: paginationMessages.limit })
  .max(API_LIST_LIMIT.max, { error: paginationMessages.limit })
  .optional()
  .meta({
    example: 50,
    description: `How many rows to answer, ${String(API_LIST_LIMIT.min)} to ${String(API_LIST_LIMIT.max)} (${String(API_LIST_LIMIT.fallback)} when not sent).`,
  });

/** Base64url, as the server writes it; anything else is refused before it is decoded. */
export const apiListCursor = z
  .string()
  .max(1024, { error: paginationMessages.cursor })
  .regex(/^[\w-]+$/, { error: paginationMessages.cursor })
  .optional()
  .meta({
    description:
      'The `next_cursor` of the previous page, as it came (send the same sort, order and filters with it). Not sent: the first page.',
  });

const deprecated = (description: string) => ({ deprecated: true, description });

/** The reseller API's paging parameters, in place of the console's page and pageSize. */
export const apiPagingShape = {
  limit: apiListLimit,
  cursor: apiListCursor,
  page: listPage
    .unwrap()
    .optional()
    .meta(deprecated('Deprecated: use cursor and limit. The page number, from 1.')),
  pageSize: listPageSize
    .unwrap()
    .optional()
    .meta(deprecated('Deprecated: use limit. Rows per page, 5 to 100.')),
};

interface PagingInput {
  limit?: number | undefined;
  cursor?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** A query that pages both ways at once is refused (it could only be answered by guessing). */
export function refuseMixedPaging(query: PagingInput, context: z.RefinementCtx): void {
  const isOffset = query.page !== undefined || query.pageSize !== undefined;
  const isCursor = query.limit !== undefined || query.cursor !== undefined;
  if (isOffset && isCursor) {
    context.addIssue({
      code: 'custom',
      message: paginationMessages.mixed,
      path: [query.cursor === undefined ? 'limit' : 'cursor'],
      params: BEYOND_SCHEMA,
    });
  }
}

/** What a cursor-paged answer adds to the list. */
export const cursorPageShape = {
  limit: z.number().int().meta({ description: 'The rows asked for (at most this many answered).' }),
  next_cursor: z.string().nullable().meta({
    description: 'Send it as `cursor` for the next page; null: this is the last page.',
  }),
  page: z.number().int().nullable().meta({
    description:
      'Deprecated. The page number when paged by page (or not paged: 1); null on a page reached by a cursor.',
  }),
  pageSize: z.number().int().meta({ description: 'Deprecated: the same as limit.' }),
};
