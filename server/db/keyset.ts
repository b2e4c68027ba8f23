import { sql, type RawBuilder } from 'kysely';

/** One column of a list's sort key, as its ORDER BY has it. */
export interface KeyPart {
  expr: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  /** How a cursor's value is read for comparison (e.g. lower() on both sides of a name). */
  value?: (value: string | number) => RawBuilder<unknown>;
}

/**
 * Keyset paging: the rows strictly after `values` in the order `parts` sorts by, spelled out as
 * `(a > x) or (a = x and b > y) or ...` so each part may have its own direction (a row-value
 * comparison cannot mix them). The last part must be unique (the id), so no row is seen twice or
 * skipped when others are added or removed between pages.
 */
export function keysetAfter(
  parts: readonly KeyPart[],
  values: readonly (string | number)[],
): RawBuilder<boolean> {
  const read = (index: number) => {
    const part = parts[index];
    const value = values[index];
    if (!part || value === undefined) throw new Error('keysetAfter: a value per key part');
    return { part, bound: part.value ? part.value(value) : sql`${value}` };
  };
  const branches = parts.map((_, index) => {
    const equal = parts.slice(0, index).map((__, before) => {
      const { part, bound } = read(before);
      return sql`${part.expr} = ${bound}`;
    });
    const { part, bound } = read(index);
    const step =
      part.direction === 'asc' ? sql`${part.expr} > ${bound}` : sql`${part.expr} < ${bound}`;
    return sql`(${sql.join([...equal, step], sql` and `)})`;
  });
  return sql<boolean>`(${sql.join(branches, sql` or `)})`;
}

/**
 * The paging values of a list compiled by shape (compile-once.ts): a page size, and either an
 * offset or a three-part cursor (`[the sort column's value, a name, the id]`).
 */
export interface PageParams {
  limit: number;
  offset?: number;
  after0?: string | number;
  after1?: string | number;
  after2?: string | number;
}

/** A list's paging values: past `after` when given (keyset), else from the page's offset. */
export function pageParams(
  pageSize: number,
  page: number,
  after: readonly (string | number)[] | undefined,
): PageParams {
  if (!after) return { limit: pageSize, offset: (page - 1) * pageSize };
  const [after0, after1, after2] = after;
  if (after0 === undefined || after1 === undefined || after2 === undefined) {
    throw new Error('pageParams: a cursor has three parts');
  }
  return { limit: pageSize, after0, after1, after2 };
}

/** The cursor's three values, as keysetAfter takes them, inside a builder compiled by shape. */
export const cursorOf = (params: PageParams): (string | number)[] => [
  params.after0 ?? '',
  params.after1 ?? '',
  params.after2 ?? '',
];
