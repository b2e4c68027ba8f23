import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * The e2e server's SQLite file: scripts/e2e-server.mjs makes a fresh data folder under the temp
 * folder (several may exist when builds run side by side), so pick the one holding this partner.
 */
export function e2eDatabaseOf(partnerId: string): string {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('rpc-e2e-')) continue;
    const file = path.join(os.tmpdir(), name, 'console.sqlite');
    if (!fs.existsSync(file)) continue;
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      if (db.prepare('SELECT 1 FROM partners WHERE partner_id = ?').get(partnerId)) return file;
    } catch {
      // Not a console database (yet): keep looking.
    } finally {
      db.close();
    }
  }
  throw new Error(`no e2e database holds partner ${partnerId}`);
}

/** Runs one statement on the e2e server's database (the server keeps running; SQLite in WAL). */
export function withE2eDatabase<T>(partnerId: string, run: (db: SQLite.Database) => T): T {
  const db = new SQLite(e2eDatabaseOf(partnerId), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return run(db);
  } finally {
    db.close();
  }
}
