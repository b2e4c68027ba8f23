import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../server/db/database';
import { COLUMNS_THAT_RECORD_USE, TABLES_THAT_RECORD_REFUSALS } from './tenant-lookups';

/*
 * What the tenant-isolation walk (tests/server/tenant-isolation.test.ts) looks for in answers
 * and in the database: the strings that name an account's data, and a digest of every table.
 */

/** Everything that names a reseller account's data. */
export async function resellerMarkers(db: Database, accountId: string): Promise<string[]> {
  const [account, users, computers, groups, teams, invoices] = await Promise.all([
    db
      .selectFrom('reseller_accounts')
      .select('company_name')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select(['id', 'email']).where('account_id', '=', accountId).execute(),
    db.selectFrom('computers').select(['id', 'name']).where('account_id', '=', accountId).execute(),
    db
      .selectFrom('computer_groups')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute(),
    db.selectFrom('teams').select(['id', 'name']).where('account_id', '=', accountId).execute(),
    db.selectFrom('invoices').select('id').where('account_id', '=', accountId).execute(),
  ]);
  return [
    accountId,
    account.company_name,
    ...users.flatMap((row) => [row.id, row.email]),
    ...[...computers, ...groups, ...teams].flatMap((row) => [row.id, row.name]),
    ...invoices.map((row) => row.id),
  ];
}

/** Everything that names a partner's data: its referred customers and commission rows. */
export async function partnerMarkers(db: Database, partnerRowId: string): Promise<string[]> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'email', 'paypal_email', 'company_name'])
    .where('id', '=', partnerRowId)
    .executeTakeFirstOrThrow();
  const referrals = await db
    .selectFrom('partner_referrals')
    .select(['id', 'customer_name', 'customer_email'])
    .where('partner_id', '=', partnerRowId)
    .execute();
  const commissions = await db
    .selectFrom('partner_commissions')
    .select('id')
    .where('partner_id', '=', partnerRowId)
    .execute();
  return [
    partner.id,
    partner.email,
    partner.paypal_email,
    partner.company_name,
    ...referrals.flatMap((row) => [row.id, row.customer_name, row.customer_email]),
    ...commissions.map((row) => row.id),
  ].filter((marker) => marker !== '');
}

/** A digest of every table's rows (but those that record refusals), to spot any change. */
export async function snapshot(db: Database): Promise<Map<string, string>> {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !TABLES_THAT_RECORD_REFUSALS.has(name) && /^\w+$/.test(name));
  const digests = new Map<string, string>();
  for (const name of tables) {
    const { rows } = await sql.raw<Record<string, unknown>>(`select * from ${name}`).execute(db);
    const ignored = COLUMNS_THAT_RECORD_USE[name] ?? [];
    const text = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).filter(([k]) => !ignored.includes(k))),
        ),
      )
      .sort()
      .join('\n');
    digests.set(name, crypto.createHash('sha256').update(text).digest('hex'));
  }
  return digests;
}

export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);

/** A character that would make a match part of a longer name, address or id. */
const NAME_CHARACTER = /[\w.@+-]/;

/**
 * The markers the body names as a whole: "partner@example.com" inside the caller's own
 * "newpartner@example.com" is not a leak.
 */
export const namedMarkers = (body: string, markers: string[]) =>
  markers.filter((marker) => {
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + 1)) {
      const before = body.charAt(at - 1);
      const after = body.charAt(at + marker.length);
      if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
    }
    return false;
  });

/** The reseller account of a user, and a partner's row id, by their sign-in names. */
export const resellerAccountOf = async (db: Database, email: string) =>
  (
    await db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).account_id;

export const partnerOf = async (db: Database, login: string) =>
  (
    await db
      .selectFrom('partners')
      .select('id')
      .where('partner_id', '=', login)
      .executeTakeFirstOrThrow()
  ).id;
