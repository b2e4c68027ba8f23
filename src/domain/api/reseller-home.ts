import { z } from 'zod';

/** Used against the plan's cap (limit null: the plan names none). */
const usageSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** GET /reseller/home/summary: the home screen's usage figures, for users and computer managers. */
export const homeSummarySchema = z.object({
  /** Computers added to the account, against the plan's computers. */
  computers: usageSchema,
  /** Users who are not cancelled (pending invitations hold a seat too), against the plan's users. */
  users: usageSchema,
  onlineComputers: z.number().int(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** "12 of 100" (or "12" when the plan names no cap). */
export const usageText = ({ used, limit }: { used: number; limit: number | null }): string =>
  limit === null ? String(used) : `${String(used)} of ${String(limit)}`;
