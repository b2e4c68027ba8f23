import type { CompiledQuery } from 'kysely';
import type { Database } from '../../../server/db/database';

/** Every query `db` runs while `act` runs, with its parameters (Kysely's executor, spied on). */
export async function queriesOf(
  db: Database,
  act: () => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const executor = db.getExecutor();
  const seen: CompiledQuery[] = [];
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (query, ...rest) => {
    seen.push(query);
    return execute(query, ...rest);
  };
  try {
    await act();
  } finally {
    executor.executeQuery = execute;
  }
  return seen;
}

/** The SQL of every statement `db` runs while `act` runs. */
export async function statementsOf(db: Database, act: () => Promise<unknown>): Promise<string[]> {
  return (await queriesOf(db, act)).map((query) => query.sql);
}
