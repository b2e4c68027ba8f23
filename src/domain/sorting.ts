/**
 * Sub-user list sorting (spec section 3: isActive, created_date in mm-dd-yyyy, username). The spec
 * does not show the default order, so "asc" means: inactive before active, oldest first, A to Z.
 */
import { parseMmDdYyyy } from './dates';

export interface SortableSubUser {
  readonly isActive: boolean;
  readonly created_date: string;
  readonly username: string;
}

export const subUserSortFields = ['isActive', 'created_date', 'username'] as const;
export type SubUserSortField = (typeof subUserSortFields)[number];
export type SortDirection = 'asc' | 'desc';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * A comparator for Array.prototype.sort. Ties keep the list's order (the sort is stable); a
 * created_date that cannot be read goes last in both directions, so bad data never tops the list.
 */
export function compareSubUsers<T extends SortableSubUser>(
  field: SubUserSortField,
  direction: SortDirection,
): (a: T, b: T) => number {
  const sign = direction === 'asc' ? 1 : -1;
  switch (field) {
    case 'isActive':
      return (a, b) => sign * (Number(a.isActive) - Number(b.isActive));
    case 'username':
      return (a, b) => sign * collator.compare(a.username, b.username);
    case 'created_date':
      return (a, b) => {
        const left = parseMmDdYyyy(a.created_date)?.getTime() ?? null;
        const right = parseMmDdYyyy(b.created_date)?.getTime() ?? null;
        if (left === null || right === null) {
          if (left === right) return 0;
          return left === null ? 1 : -1;
        }
        return sign * (left - right);
      };
  }
}

/** A sorted copy; the input is left as it is. */
export function sortSubUsers<T extends SortableSubUser>(
  users: readonly T[],
  field: SubUserSortField,
  direction: SortDirection,
): T[] {
  return [...users].sort(compareSubUsers<T>(field, direction));
}
