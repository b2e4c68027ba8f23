/**
 * A write that collides with a unique column (two accounts choosing the same proxy topic, a
 * retried insert) is the caller's conflict, not a server fault: 409 with a clear message. The
 * database is the one that knows (a check before the write would race), so both drivers' errors
 * are recognised here, in the one error handler, for every route at once.
 */

/** Columns a person chooses, with the form field and the message; any other column: generic. */
const chosenColumns: Readonly<Record<string, { field: string; message: string }>> = {
  proxy_topic: { field: 'proxy', message: 'This proxy topic is already in use. Choose another.' },
  email: { field: 'email', message: 'Email address already exists' },
  username: { field: 'username', message: 'This username is already in use. Choose another.' },
  name_key: { field: 'name', message: 'This name is already in use. Choose another.' },
};

export const conflictMessage = 'This was already done or the value is already in use.';

interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
}

/** The column a unique-key error names, '' when it names none, undefined for other errors. */
function violatedColumn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, detail } = error as DriverError;
  // better-sqlite3: "UNIQUE constraint failed: users.proxy_topic" (several columns: comma-separated).
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const match = /constraint failed: ([\w.]+)/.exec(String(message));
    return match?.[1]?.split('.').pop() ?? '';
  }
  // pg: SQLSTATE 23505, detail "Key (proxy_topic)=(x) already exists."
  if (code === '23505') {
    const match = /^Key \(([\w]+)\)/.exec(String(detail));
    return match?.[1] ?? '';
  }
  return undefined;
}

/** The 409 answer for a unique-key violation, or undefined when the error is something else. */
export function uniqueViolation(error: unknown): { message: string; field?: string } | undefined {
  const column = violatedColumn(error);
  if (column === undefined) return undefined;
  return chosenColumns[column] ?? { message: conflictMessage };
}
