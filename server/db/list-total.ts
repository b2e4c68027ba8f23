import { sql, SqliteAdapter, type Expression, type RawBuilder } from 'kysely';
import type { Executor } from './database';

/**
 * How a list reads its total, by engine. On PostgreSQL it comes with the page (see
 * `matchesColumn`): a second statement would be a second round trip to the database server,
 * which cost more CPU in this process than counting with the page (computer list under load:
 * 730 → 530 µs a request). On SQLite a statement is a function call, and counting with the page
 * cost more than counting on its own (with a window, the demo account's computer page took
 * 200 µs, against 111 + 11 µs as page and count; its activity-log page 250 µs, against 83 + 7).
 */
export const countsWithPage = (db: Executor): boolean =>
  !(db.getExecutor().adapter instanceof SqliteAdapter);

/**
 * The `matches` column of a page: how many rows match, where the engine counts with the page
 * and no cursor is used (past a cursor only what follows it would count); else null. `count` is
 * the list's own count (`select count(*)` with the page's filters), run as a scalar subquery:
 * PostgreSQL counts once, from the index, and still stops reading the page at its limit. A window
 * (`count(*) over ()`) built every match with the page's joins and columns before the limit
 * (the database's CPU, in a loop: a page of 25 of 1,000 computers 1,435 → 200 µs; of 10,000
 * activity entries 12.4 → 2.1 ms; of the demo's 40 computers 150 → 135 µs).
 */
export const matchesColumn = (
  db: Executor,
  count: Expression<unknown>,
  cursorUsed = false,
): RawBuilder<string | number | bigint | null> =>
  countsWithPage(db) && !cursorUsed ? sql`${count}` : sql`null`;

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
