import type { Database } from '../../../server/db/database';

/** The SQL of every statement `db` runs while `act` runs (Kysely's executor, spied on). */
export async function statementsOf(db: Database, act: () => Promise<unknown>): Promise<string[]> {
  const executor = db.getExecutor();
  const seen: string[] = [];
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (query, ...rest) => {
    seen.push(query.sql);
    return execute(query, ...rest);
  };
  try {
    await act();
  } finally {
    executor.executeQuery = execute;
  }
  return seen;
}
