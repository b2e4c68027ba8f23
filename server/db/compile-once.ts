import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from './database';

/**
 * Kysely builds and compiles every query on every call. For the short queries of each signed-in
 * request (the session check, user_info) that costs about as much CPU as SQLite takes to run
 * them, and for a list page (a dozen joins, filters and sort keys) it was a sixth of the request.
 * Kysely has no prepared-query API, so a query is built once with marker values, and the
 * markers' places among the compiled parameters are filled with the real values on each call.
 * The builder and its types stay Kysely's.
 */

/** A compiled query and, for each of its parameters, the value it takes (or -1: kept as built). */
interface Template<Row> {
  query: CompiledQuery<Row>;
  places: number[];
}

/**
 * Builds with one marker per value and finds where each went. Each value must reach the SQL as a
 * parameter, unchanged (at least once: a search pattern may be compared twice): a value turned
 * into something else (lowercased, uppercased, added to) would be lost, so it throws instead. The
 * markers mix cases for that reason.
 */
function template<Row>(count: number, build: (markers: string[]) => Compilable<Row>) {
  const markers = Array.from({ length: count }, (_, i) => `\u0000Compile-Once-${String(i)}`);
  const query = build(markers).compile();
  const places = query.parameters.map((value) => markers.indexOf(value as string));
  markers.forEach((_, i) => {
    if (!places.includes(i)) {
      throw new Error(`compileOnce: argument ${String(i)} must appear as a value`);
    }
  });
  return { query, places };
}

async function run<Row>(db: Executor, { query, places }: Template<Row>, values: unknown[]) {
  const parameters = query.parameters.map((value, i) => {
    const place = places[i] ?? -1;
    return place === -1 ? value : values[place];
  });
  const result = await db.executeQuery<Row>(CompiledQuery.raw(query.sql, parameters));
  return result.rows;
}

/**
 * A query whose shape never changes, turned into SQL once per database and rerun with each
 * call's values: `compileOnce((db, id) => db.selectFrom('t').selectAll().where('id', '=', id))`.
 * Only fixed-shape queries may use this (no branches on the values, no `in` lists of varying
 * length); a query whose shape follows a few options is `compileByShape`'s.
 */
export function compileOnce<Args extends string[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  // Per database (its dialect decides the SQL); a transaction is its own Executor and compiles
  // again, which is correct and rare on these paths.
  const compiled = new WeakMap<Executor, Template<Row>>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = template(args.length, (markers) => build(db, ...(markers as Args)));
      compiled.set(db, entry);
    }
    return run(db, entry, args);
  };
}

/**
 * `compileOnce` for a read of many keys at once: the keys are one value, bound as an array
 * (PostgreSQL's `= any(...)`, which keeps one SQL text whatever their number), and the builder
 * passes them on untouched (it is built with a marker in their place).
 */
export function compileOnceForKeys<Row>(
  build: (db: Executor, keys: readonly string[]) => Compilable<Row>,
): (db: Executor, keys: readonly string[]) => Promise<Row[]> {
  const read = compileOnce((db, keys: string) => build(db, keys as unknown as readonly string[]));
  return (db, keys) => read(db, keys as unknown as string);
}

/** More shapes than any list has (sorts × orders × filters): past it, something is amiss. */
const MAX_SHAPES = 512;

/**
 * A query whose shape follows a few options (the sort column, the order, which filters are set):
 * compiled once per database and shape, and rerun with each call's values.
 *
 * `build` decides the SQL from `shape` alone and passes each of `values` into the query
 * unchanged (it sees markers, not the values: no branching on them, no arithmetic). The shape's
 * JSON, with the names of the values, is the cache key, so it must be small and finite (enums,
 * flags, counts), never a value such as a search text. Past MAX_SHAPES shapes a query is built
 * every time, which is still correct.
 */
export function compileByShape<Shape, Values extends object, Row>(
  build: (db: Executor, shape: Shape, values: Values) => Compilable<Row>,
): (db: Executor, shape: Shape, values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Executor, Map<string, Template<Row>>>();
  return async (db, shape, values) => {
    const names = Object.keys(values);
    const key = JSON.stringify([shape, names]);
    let byShape = compiled.get(db);
    if (!byShape) compiled.set(db, (byShape = new Map<string, Template<Row>>()));
    let entry = byShape.get(key);
    if (!entry) {
      entry = template(names.length, (markers) => {
        const marked = Object.fromEntries(names.map((name, i) => [name, markers[i]]));
        return build(db, shape, marked as Values);
      });
      if (byShape.size < MAX_SHAPES) byShape.set(key, entry);
    }
    const byName = values as Record<string, unknown>;
    return run(
      db,
      entry,
      names.map((name) => byName[name]),
    );
  };
}
