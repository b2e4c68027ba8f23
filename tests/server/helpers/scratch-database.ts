import crypto from 'node:crypto';
import pg from 'pg';

// Scratch databases and keys: kept apart from test-app.ts so the suites' global set-up
// (seeded-template.ts) loads them without the whole server.

/**
 * A new PostgreSQL database on the server `adminUrl` names (empty, or a copy of `template`), and
 * how to drop it.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A new set of the three shared keys, as an operator would generate them. */
export function freshKeys(): Record<
  'TOKEN_SECRET' | 'CSRF_SECRET' | 'FIELD_ENCRYPTION_KEY',
  string
> {
  return {
    TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    CSRF_SECRET: crypto.randomBytes(32).toString('hex'),
    FIELD_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  };
}
