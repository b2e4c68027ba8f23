import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { Executor } from './database';

/**
 * How a list reads its total, by engine. On PostgreSQL it comes with the page
 * (`count(*) over ()`): a second statement would be a second round trip to the database server,
 * which cost more CPU in this process than the window (computer list under load: 730 → 530 µs a
 * request). On SQLite a statement is a function call, and the window makes SQLite materialise and
 * sort every match: the demo account's computer page took 200 µs with it, 111 + 11 µs as page and
 * count; its activity-log page 250 µs, against 83 + 7 µs.
 */
export const countsWithPage = (db: Executor): boolean =>
  !(db.getExecutor().adapter instanceof SqliteAdapter);

/**
 * The `matches` column of a page: the number of rows matching, where the engine counts with the
 * page and no cursor is used (past a cursor the window counts only what follows it); else null.
 */
export const matchesColumn = (
  db: Executor,
  cursorUsed = false,
): RawBuilder<string | number | bigint | null> =>
  countsWithPage(db) && !cursorUsed ? sql`count(*) over ()` : sql`null`;

/**
 * The list's total: from the page's `matches` when it carries one, else counted on its own (on
 * SQLite, past a cursor, and on a page past the end, which brings no row).
 */
export async function listTotal(
  rows: readonly { matches: string | number | bigint | null }[],
  countAlone: () => Promise<string | number | bigint | undefined>,
): Promise<number> {
  const matches = rows[0]?.matches ?? null;
  return Number(matches ?? (await countAlone()) ?? 0);
}
