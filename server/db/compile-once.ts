import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database';

/**
 * A query whose shape never changes, turned into SQL once per database and rerun with each
 * call's values: `compileOnce((db, id) => db.selectFrom('t').selectAll().where('id', '=', id))`.
 *
 * Kysely builds and compiles every query on every call. For the short queries of each signed-in
 * request (the session check, user_info) that costs about as much CPU as SQLite takes to run
 * them. Kysely has no prepared-query API, so the query is built once with marker values, and the
 * markers' places among the compiled parameters are filled with the real values on each call.
 * The builder and its types stay Kysely's; only fixed-shape queries may use this (no branches on
 * the values, no `in` lists of varying length).
 */
export function compileOnce<Args extends string[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  // Per database (its dialect decides the SQL); a transaction is its own Executor and compiles
  // again, which is correct and rare on these paths.
  const compiled = new WeakMap<Executor, { query: CompiledQuery<Row>; places: number[] }>();

  function compile(db: Executor, arity: number) {
    const markers = Array.from({ length: arity }, (_, i) => `\u0000compile-once-${String(i)}`);
    const query = build(db, ...(markers as Args)).compile();
    const places = query.parameters.map((value) => markers.indexOf(value as string));
    markers.forEach((_, i) => {
      if (places.filter((place) => place === i).length !== 1) {
        throw new Error(`compileOnce: argument ${String(i)} must appear exactly once as a value`);
      }
    });
    return { query, places };
  }

  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db, args.length);
      compiled.set(db, entry);
    }
    const { query, places } = entry;
    const parameters = query.parameters.map((value, i) => {
      const place = places[i] ?? -1;
      return place === -1 ? value : args[place];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
}
