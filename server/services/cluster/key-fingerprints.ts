import { SHARED_KEYS, type SharedKeyName } from '../../config';
import type { Database, Executor } from '../../db/database';
import { nowIso } from '../clock';
import { fingerprintOf, ringsByName, type Secrets } from '../secrets';

/** Why an instance may not start: its key is not the one the database's other users have. */
export class KeyMismatchError extends Error {}

/**
 * Checks at start-up that this instance holds the keys every other instance uses, by their
 * fingerprints in `key_fingerprints` (one row per key ever in force; the one in force is
 * `current`). A mismatch stops the start-up with a message naming the variable, instead of
 * sessions, CSRF tokens and sealed fields failing one by one across instances.
 *
 * Rotation: an instance whose key in force is new and whose `<NAME>_PREVIOUS` holds the key the
 * database has in force moves the database on (the old key becomes `retired`). An instance
 * started later with a retired key in force is refused. Returns the keys this start rotated.
 */
export async function checkKeyFingerprints(db: Database, secrets: Secrets): Promise<string[]> {
  const rings = ringsByName(secrets);
  const rotated: string[] = [];
  for (const name of SHARED_KEYS) {
    const ring = rings[name];
    const mine = fingerprintOf(name, ring.current);
    const older = ring.previous.map((key) => fingerprintOf(name, key));
    const moved = await db.transaction().execute((tx) => settle(tx, name, mine, older));
    if (moved) rotated.push(name);
  }
  return rotated;
}

async function settle(
  tx: Executor,
  name: SharedKeyName,
  mine: string,
  older: string[],
): Promise<boolean> {
  const rows = await tx
    .selectFrom('key_fingerprints')
    .selectAll()
    .where('name', '=', name)
    .execute();
  const retired = rows.find((row) => row.fingerprint === mine && row.state === 'retired');
  if (retired) {
    throw new KeyMismatchError(
      `${name} holds a key that was replaced on ${retired.recorded_at}: give this instance the ` +
        `${name} the other instances use (the old key may stay in ${name}_PREVIOUS).`,
    );
  }
  const inForce = rows.find((row) => row.state === 'current');
  if (inForce?.fingerprint === mine) return false;
  if (inForce && !older.includes(inForce.fingerprint)) {
    throw new KeyMismatchError(
      `${name} does not match the key the other instances of this database use (fingerprint ` +
        `${inForce.fingerprint}, this instance's ${mine}). Give every instance the same ${name}; ` +
        `to rotate it, put the old key in ${name}_PREVIOUS (README, "Running several instances").`,
    );
  }
  const at = nowIso();
  if (inForce) {
    await tx
      .updateTable('key_fingerprints')
      .set({ state: 'retired', recorded_at: at })
      .where('name', '=', name)
      .where('fingerprint', '=', inForce.fingerprint)
      .execute();
  }
  // The partial unique index allows one `current` per key: of two first instances started at
  // once with different keys, the second finds the first's row and is refused on its next start.
  await tx
    .insertInto('key_fingerprints')
    .values({ name, fingerprint: mine, state: 'current', recorded_at: at })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const now = await tx
    .selectFrom('key_fingerprints')
    .select('fingerprint')
    .where('name', '=', name)
    .where('state', '=', 'current')
    .executeTakeFirst();
  if (now?.fingerprint !== mine) {
    throw new KeyMismatchError(
      `${name} does not match the key another instance of this database recorded a moment ago: ` +
        `give every instance the same ${name}.`,
    );
  }
  return inForce !== undefined;
}
