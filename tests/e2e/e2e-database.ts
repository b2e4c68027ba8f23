import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { serverDataDir } from './outbox';

/**
 * The e2e server's SQLite file: scripts/e2e-server.mjs makes a fresh data folder for each server,
 * and the browser tests may run in shards side by side (each with its own server and demo data),
 * so the folder is the one of the server listening on this run's port.
 */
export function e2eDatabaseFile(): string {
  const file = path.join(serverDataDir(), 'console.sqlite');
  if (!fs.existsSync(file)) throw new Error(`the e2e server has no database at ${file}`);
  return file;
}

/** Runs one statement on the e2e server's database (the server keeps running; SQLite in WAL). */
export function withE2eDatabase<T>(run: (db: SQLite.Database) => T): T {
  const db = new SQLite(e2eDatabaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return run(db);
  } finally {
    db.close();
  }
}
