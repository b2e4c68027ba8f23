import { loadConfig, type Config } from '../config';
import { migrateToLatest, openDatabase, type Database, type DatabaseHandle } from '../db/database';
import { nowIso } from './clock';

/**
 * The public origin a server answers at, published in the database it serves, so that the
 * operators' commands (server/cli/*) on the same database put the same origin in every link and
 * mail, even when they run without the server's environment (another shell, PORT or
 * PUBLIC_ORIGIN unset there). PUBLIC_ORIGIN given to a command still wins.
 */
export async function publishPublicOrigin(db: Database, publicOrigin: string): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('server_settings')
    .values({ name: 'public_origin', value: publicOrigin, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ value: publicOrigin, updated_at: at }),
    )
    .execute();
}

export async function publishedPublicOrigin(db: Database): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('name', '=', 'public_origin')
    .executeTakeFirst();
  return row?.value;
}

/**
 * What an operator's command starts with: the configuration from the same environment as the
 * server's (server/config.ts), its database migrated, and the server's published public origin
 * unless this environment sets PUBLIC_ORIGIN itself.
 */
export async function openForOperator(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: Config; database: DatabaseHandle }> {
  const first = loadConfig(env);
  const database = openDatabase(first);
  try {
    await migrateToLatest(database.db);
    const published = env.PUBLIC_ORIGIN ? undefined : await publishedPublicOrigin(database.db);
    const config = published ? loadConfig({ ...env, PUBLIC_ORIGIN: published }) : first;
    return { config, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
