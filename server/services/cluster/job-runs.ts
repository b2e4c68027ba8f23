import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import { nowIso } from '../clock';

/** This process, as named in `job_runs` (host and pid help an operator find it). */
export const INSTANCE_ID = `${process.env.HOSTNAME ?? 'host'}:${String(process.pid)}:${crypto.randomBytes(3).toString('hex')}`;

/** The hour a run belongs to: one run per job per hour, whichever instance starts it first. */
export const hourSlot = (at: Date = new Date()): string => at.toISOString().slice(0, 13);

export type RunOutcome = 'ran' | 'skipped' | 'failed';

/** A run unfinished after this long is taken to have died with its instance: another may redo it. */
export const STALE_RUN_MS = 30 * 60 * 1000;

/**
 * Runs `work` only if no instance has run this job in this slot: the slot's row is inserted
 * first, and of two instances inserting it at once one gets nothing and skips. A run left
 * unfinished for STALE_RUN_MS (its instance died) may be taken over, by one conditional update
 * that only one instance wins; the jobs are idempotent, and charges go through the ledger, so
 * redoing what the dead run had done charges nobody twice.
 */
export async function runOncePerSlot(
  db: Database,
  job: string,
  slot: string,
  work: () => Promise<string>,
): Promise<{ outcome: RunOutcome; detail: string }> {
  const claimed = await db
    .insertInto('job_runs')
    .values({
      job,
      slot,
      instance: INSTANCE_ID,
      started_at: nowIso(),
      finished_at: null,
      outcome: null,
    })
    .onConflict((conflict) => conflict.columns(['job', 'slot']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) !== 1 && !(await takeOver(db, job, slot))) {
    return { outcome: 'skipped', detail: 'another instance ran it' };
  }
  let outcome: RunOutcome = 'ran';
  let detail: string;
  try {
    detail = await work();
  } catch (error) {
    outcome = 'failed';
    detail = error instanceof Error ? error.message : String(error);
  }
  await db
    .updateTable('job_runs')
    .set({ finished_at: nowIso(), outcome: `${outcome}: ${detail}`.slice(0, 500) })
    .where('job', '=', job)
    .where('slot', '=', slot)
    .execute();
  return { outcome, detail };
}

/** Takes a run over from an instance that started it long ago and never finished. */
async function takeOver(db: Database, job: string, slot: string): Promise<boolean> {
  const staleBefore = new Date(Date.now() - STALE_RUN_MS).toISOString();
  const taken = await db
    .updateTable('job_runs')
    .set({ instance: INSTANCE_ID, started_at: nowIso() })
    .where('job', '=', job)
    .where('slot', '=', slot)
    .where('finished_at', 'is', null)
    .where('started_at', '<', staleBefore)
    .executeTakeFirst();
  return taken.numUpdatedRows === 1n;
}
