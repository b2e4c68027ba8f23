// The cost floor of a signed-in read, for `npm run bench -- api` (bench-api.mjs starts it in its
// own process, like the hello-world): bare Fastify that, per request, parses the session cookie,
// checks its signature, reads the session joined to its user by primary key with one prepared
// statement (better-sqlite3, or pg when FLOOR_DATABASE_URL is set) on a table of 10,000 sessions,
// and answers a user-info-sized JSON with `Cache-Control: no-store`. Nothing less can be done by
// a read that must know who is calling, so a real route is measured as a percentage of this.
//
// Env: FLOOR_PORT, FLOOR_DIR (SQLite file's folder), FLOOR_DATABASE_URL (PostgreSQL),
// FLOOR_COOKIES (how many sessions the bench uses, default 1).
// Once listening it prints one JSON line on stdout: { "cookies": ["<Cookie header>", ...] }.
import crypto from 'node:crypto';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';

const SESSIONS = 10_000;
const USERS = 1_000;
const secret = crypto.randomBytes(32).toString('hex');
const port = Number(process.env.FLOOR_PORT ?? 18098);
const databaseUrl = process.env.FLOOR_DATABASE_URL;

const sessionId = (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const userId = (i) => `u-${String(i % USERS).padStart(6, '0')}`;
const future = new Date(Date.now() + 30 * 86_400_000).toISOString();

const userRows = Array.from({ length: USERS }, (_, i) => [
  userId(i),
  `user${String(i)}@example.com`,
  `User ${String(i)}`,
  `Company ${String(i)} Ltd`,
  'America/New_York',
]);
const sessionRows = Array.from({ length: SESSIONS }, (_, i) => [sessionId(i), userId(i), future]);

const SELECT = `SELECT s.expires_at, s.revoked_at, u.id, u.email, u.name, u.company, u.timezone
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;

/** Opens the engine, creates and fills the two tables, returns `find(sessionId)` and `close()`. */
async function openSqlite() {
  const { default: SQLite } = await import('better-sqlite3');
  const file = new SQLite(join(process.env.FLOOR_DIR ?? '.', 'floor.sqlite'));
  file.pragma('journal_mode = WAL');
  file.exec(`
    CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL,
      company TEXT NOT NULL, timezone TEXT NOT NULL);
    CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
      expires_at TEXT NOT NULL, revoked_at TEXT);`);
  const addUser = file.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?)');
  const addSession = file.prepare('INSERT INTO sessions VALUES (?, ?, ?, NULL)');
  file.transaction(() => {
    for (const row of userRows) addUser.run(...row);
    for (const row of sessionRows) addSession.run(...row);
  })();
  file.exec('ANALYZE');
  const statement = file.prepare(SELECT.replace('$1', '?'));
  return {
    find: (id) => statement.get(id),
    close: () => file.close(),
  };
}

async function openPostgres() {
  const { default: pg } = await import('pg');
  // The same pool size as the real server (server/db/database.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`
    CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL,
      company TEXT NOT NULL, timezone TEXT NOT NULL);
    CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
      expires_at TEXT NOT NULL, revoked_at TEXT);`);
  await pool.query(
    `INSERT INTO users SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [0, 1, 2, 3, 4].map((c) => userRows.map((row) => row[c])),
  );
  await pool.query(
    `INSERT INTO sessions SELECT a, b, c, NULL FROM unnest($1::text[], $2::text[], $3::text[]) AS t(a, b, c)`,
    [0, 1, 2].map((c) => sessionRows.map((row) => row[c])),
  );
  await pool.query('ANALYZE');
  return {
    // A named statement: each pooled connection prepares it once, then only binds and executes.
    find: async (id) =>
      (await pool.query({ name: 'floor-session', text: SELECT, values: [id] })).rows[0],
    close: () => pool.end(),
  };
}

const store = databaseUrl ? await openPostgres() : await openSqlite();

const app = Fastify();
await app.register(cookie, { secret });

const unauthorised = { code: 401, status: 'ERROR', errors: [{ description: 'NOT_AUTHORIZED' }] };

app.get('/', async (request, reply) => {
  reply.header('cache-control', 'no-store');
  const raw = request.cookies.sid;
  const unsigned = raw === undefined ? undefined : request.unsignCookie(raw);
  if (!unsigned?.valid || unsigned.value === null) return reply.code(401).send(unauthorised);
  const row = await store.find(unsigned.value);
  if (!row || row.revoked_at !== null || row.expires_at <= new Date().toISOString()) {
    return reply.code(401).send(unauthorised);
  }
  // About the size of the real user_info answer (the bench prints both sizes).
  return {
    code: 200,
    status: 'OK',
    message: {
      id: row.id,
      email: row.email,
      name: row.name,
      company: row.company,
      timezone: row.timezone,
      productType: 'reseller',
      role: 'owner',
      permissions: ['users.read', 'users.write', 'computers.read', 'billing.read', 'logs.read'],
      twoFactorEnabled: false,
      isOtpSession: false,
      dataCentre: 'us',
      planName: 'Business',
      licenses: { used: 42, total: 100 },
      subscription: {
        plan: 'Business',
        seats: 100,
        paymentMode: 'card',
        startDate: '2026-01-01T00:00:00.000Z',
        endDate: '2027-01-01T00:00:00.000Z',
        currency: 'USD',
        yearlyFee: 1200,
      },
      preferences: { language: 'en', dateFormat: 'MM-DD-YYYY', theme: 'light' },
      supportDisableUrls: [],
      accountStatus: 'ACTIVE',
      expiresAt: row.expires_at,
    },
  };
});

await app.listen({ port, host: '127.0.0.1' });
// Sessions picked at random among the 10,000, so the lookup is not always the first row, and as
// many as the real server's calls come from (bench-api.mjs).
const picked = new Set();
while (picked.size < Math.min(Number(process.env.FLOOR_COOKIES ?? 1), SESSIONS)) {
  picked.add(crypto.randomInt(SESSIONS));
}
const cookies = [...picked].map((i) => `sid=${app.signCookie(sessionId(i))}`);
process.stdout.write(`${JSON.stringify({ cookies })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
