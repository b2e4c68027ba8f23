import { describe, expect, it } from 'vitest';
import {
  addComputerSchema,
  allotOverLimitMessage,
  computerMessages,
  deleteComputersSchema,
  listComputersQuerySchema,
  moveComputersSchema,
  sendMessageSchema,
  updateComputerSchema,
} from '../../../src/domain/api/computers';
import { HOSTS_DELETE_MAX } from '../../../src/domain/limits';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const computer = {
  name: 'Lab-PC-01',
  description: 'Bench computer',
  personalKey: 'Key-1234',
};

describe('add computer request', () => {
  it.each([
    [{}, null],
    [{ name: 'abc' }, null],
    [{ name: ' ab ' }, 'Computer name should be between 3-50 characters'],
    [{ name: 'n'.repeat(51) }, 'Computer name should be between 3-50 characters'],
    [{ description: 'd'.repeat(6) }, null],
    [{ description: 'd'.repeat(5) }, 'Computer description size must be in between 6-250'],
    [{ description: 'd'.repeat(251) }, 'Computer description size must be in between 6-250'],
    [{ personalKey: 'k'.repeat(4) }, null],
    [{ personalKey: 'k'.repeat(15) }, null],
    [{ personalKey: 'kkk' }, 'Personal Key should be between 4 - 15 characters'],
    [{ personalKey: 'k'.repeat(16) }, 'Personal Key should be between 4 - 15 characters'],
    [{ personalKey: undefined }, 'Personal Key should be between 4 - 15 characters'],
  ])('%j -> %s', (overrides, expected) => {
    expect(firstMessage(addComputerSchema.safeParse({ ...computer, ...overrides }))).toBe(expected);
  });

  it('trims the values and reads a missing group as "no group"', () => {
    expect(addComputerSchema.parse({ ...computer, name: '  Lab-PC-01 ' })).toEqual({
      ...computer,
      groupId: '',
    });
  });
});

describe('update computer request', () => {
  it('a blank Personal Key keeps the current one; a given one follows the rule', () => {
    const base = { computerId: 'c1', ...computer };
    expect(updateComputerSchema.parse({ ...base, personalKey: '' }).personalKey).toBe('');
    expect(firstMessage(updateComputerSchema.safeParse({ ...base, personalKey: 'abc' }))).toBe(
      'Personal Key should be between 4 - 15 characters',
    );
  });
});

describe('bulk requests', () => {
  const ids = (count: number) =>
    Array.from({ length: count }, (_, i) => `id${String(i)}`).join(',');

  it(`deletes at most ${String(HOSTS_DELETE_MAX)} hosts at a time`, () => {
    expect(computerMessages.deleteLimit).toBe('Cannot delete more than 50 hosts');
    expect(deleteComputersSchema.parse({ computerIds: ids(50) }).computerIds).toHaveLength(50);
    expect(firstMessage(deleteComputersSchema.safeParse({ computerIds: ids(51) }))).toBe(
      'Cannot delete more than 50 hosts',
    );
  });

  it('reads a comma-separated list, without blanks or repeats', () => {
    expect(moveComputersSchema.parse({ computerIds: ' a, b,,a ', groupId: 'g' })).toEqual({
      computerIds: ['a', 'b'],
      groupId: 'g',
    });
    expect(firstMessage(moveComputersSchema.safeParse({ computerIds: ' , ' }))).toBe(
      'Computer not found',
    );
  });
});

describe('message to a computer', () => {
  it('is required and less than 250 characters', () => {
    const send = (message: string) => sendMessageSchema.safeParse({ computerId: 'c1', message });
    expect(firstMessage(send('m'.repeat(249)))).toBeNull();
    expect(firstMessage(send('m'.repeat(250)))).toBe('Message should be less than 250 characters');
    expect(firstMessage(send('  '))).toBe('Enter a message');
  });
});

describe('list query', () => {
  it('gives the defaults when nothing is asked', () => {
    expect(listComputersQuerySchema.parse({})).toEqual({
      q: '',
      page: 1,
      pageSize: 25,
      sort: 'name',
      order: 'asc',
      group: 'all',
    });
  });

  it('refuses junk instead of replacing it with the defaults', () => {
    for (const junk of [{ page: '-1' }, { sort: 'x' }, { order: 'up' }, { pageSize: '1000' }]) {
      expect(listComputersQuerySchema.safeParse(junk).success, JSON.stringify(junk)).toBe(false);
    }
  });
});

it('names the user and the count when an allotment goes past it', () => {
  expect(allotOverLimitMessage(3, 'sam@example.com')).toBe(
    'Cannot allot more than 3 computers to sam@example.com',
  );
});
