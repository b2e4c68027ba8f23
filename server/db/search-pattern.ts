import { sql, type Expression } from 'kysely';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern of a list's search: "contains", lowercased (the columns are compared through
 * lower()), LIKE's own wildcards taken literally (with `escape '\'`).
 */
export const searchPattern = (search: string) => `%${escapeLike(search.trim().toLowerCase())}%`;

/**
 * Whether `text`, lowercased, matches a `searchPattern`. The pattern is bound through a cast:
 * bound bare, SQLite would plan the statement again on every call (sqlite-dialect.ts).
 */
export const matchesSearch = (text: Expression<string | null>, pattern: string) =>
  sql<boolean>`lower(${text}) like cast(${pattern} as text) escape '\\'`;
