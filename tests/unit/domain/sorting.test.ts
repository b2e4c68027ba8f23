import { describe, expect, it } from 'vitest';
import { compareSubUsers, sortSubUsers, type SortableSubUser } from '../../../src/domain/sorting';

const users: readonly (SortableSubUser & { id: number })[] = [
  { id: 1, isActive: true, created_date: '03-10-2025', username: 'bob' },
  { id: 2, isActive: false, created_date: '12-31-2024', username: 'Alice' },
  { id: 3, isActive: true, created_date: 'unknown', username: 'carol' },
  { id: 4, isActive: false, created_date: '03-09-2025', username: 'alice2' },
  { id: 5, isActive: true, created_date: '01-05-2025', username: 'user10' },
  { id: 6, isActive: true, created_date: '01-05-2025', username: 'user9' },
];

const someone: SortableSubUser = { isActive: true, created_date: '01-01-2025', username: 'x' };
const ids = (list: readonly { id: number }[]) => list.map((user) => user.id);

describe('sortSubUsers', () => {
  it.each([
    ['isActive', 'asc', [2, 4, 1, 3, 5, 6]],
    ['isActive', 'desc', [1, 3, 5, 6, 2, 4]],
    ['created_date', 'asc', [2, 5, 6, 4, 1, 3]],
    ['created_date', 'desc', [1, 4, 5, 6, 2, 3]],
    ['username', 'asc', [2, 4, 1, 3, 6, 5]],
    ['username', 'desc', [5, 6, 3, 1, 4, 2]],
  ] as const)('%s %s', (field, direction, expected) => {
    expect(ids(sortSubUsers(users, field, direction))).toEqual(expected);
  });

  it('leaves the input untouched', () => {
    const before = ids(users);
    sortSubUsers(users, 'username', 'desc');
    expect(ids(users)).toEqual(before);
  });

  it('compares case-insensitively and treats two unreadable dates as equal', () => {
    const byName = compareSubUsers('username', 'asc');
    expect(byName({ ...someone, username: 'ALICE' }, { ...someone, username: 'alice' })).toBe(0);
    const byDate = compareSubUsers('created_date', 'desc');
    expect(byDate({ ...someone, created_date: '' }, { ...someone, created_date: 'x' })).toBe(0);
  });
});
