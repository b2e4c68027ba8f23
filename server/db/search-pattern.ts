const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The LIKE pattern of a list's search: "contains", lowercased (the columns are compared through
 * lower()), LIKE's own wildcards taken literally (with `escape '\'`).
 */
export const searchPattern = (search: string) => `%${escapeLike(search.trim().toLowerCase())}%`;
