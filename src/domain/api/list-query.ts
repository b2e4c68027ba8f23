import { z } from 'zod';

/**
 * The query parameters the list calls share. A value outside them is refused with the envelope
 * (never replaced by a default), so what the OpenAPI document publishes is what the server takes.
 */
const PAGE_TEXT = 'Page must be a whole number from 1 to 100000';
const PAGE_SIZE_TEXT = 'Page size must be a whole number from 5 to 100';

export const listPage = z.coerce
  .number()
  .int()
  .min(1, { error: PAGE_TEXT })
  .max(100_000, { error: PAGE_TEXT })
  .prefault(1);

export const listPageSize = z.coerce
  .number()
  .int()
  .min(5, { error: PAGE_SIZE_TEXT })
  .max(100, { error: PAGE_SIZE_TEXT })
  .prefault(25);

/** The search box: at most 80 characters. */
export const listSearch = z.string().trim().max(80).prefault('');

export const listOrder = (fallback: 'asc' | 'desc') => z.enum(['asc', 'desc']).prefault(fallback);
