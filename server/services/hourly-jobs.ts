import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { operationalMetrics } from '../plugins/operations';
import { sweepRateLimitCounters } from '../plugins/rate-limit-store';
import { paymentGateway } from './billing/active-gateway';
import { runRenewals } from './billing/renewals';
import { nowIso } from './clock';
import { hourSlot, runOncePerSlot, type RunOutcome } from './cluster/job-runs';
import type { Mailer } from './mail';
import { settleCommissions } from './partners/commissions';
import { reconcileAttempts } from './payments/attempts';
import { sweepIdempotencyKeys } from './idempotency';
import { refreshSamlMetadata, sweepSamlState } from './sso/saml/refresh';

const HOUR_MS = 3_600_000;
/** How often each instance looks for mail nobody delivered (a failed try, a stopped instance). */
const MAIL_POLL_MS = 15_000;

/** The hourly jobs by name; each answers a line for the log and `job_runs`. */
export const hourlyJobs: Record<string, (db: Database) => Promise<string>> = {
  renewals: async (db) => {
    const report = await runRenewals(db);
    return `${String(report.renewed)} renewed, ${String(report.failed)} failed, ${String(report.skipped)} skipped`;
  },
  commissions: async (db) => {
    await settleCommissions(db, nowIso());
    return 'settled';
  },
  reconcile: async (db) => {
    const report = await reconcileAttempts(db, paymentGateway(db), new Date());
    if (report.stillFailing > 0)
      throw new Error(`${String(report.stillFailing)} payments still to give back`);
    return `${String(report.refunded)} given back, ${String(report.abandoned)} never charged`;
  },
  'rate-limit-sweep': async (db) => {
    await sweepRateLimitCounters(db);
    return 'swept';
  },
  'idempotency-sweep': async (db) =>
    `${String(await sweepIdempotencyKeys(db))} expired idempotency keys removed`,
  // SAML IdPs' metadata URLs read again daily (new signing certificates), then the seen
  // assertion IDs and SAML requests that can no longer be valid forgotten.
  'saml-metadata': async (db) => {
    const report = await refreshSamlMetadata(db);
    const swept = await sweepSamlState(db);
    if (report.failed > 0)
      throw new Error(
        `${String(report.failed)} SAML metadata URLs failed, ${String(report.refreshed)} read`,
      );
    return `${String(report.refreshed)} SAML metadata URLs read, ${String(swept)} expired SAML records removed`;
  },
};

/** Runs every hourly job that no instance has run in this hour's slot. */
export async function runHourlyJobs(
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  db: Database,
  slot = hourSlot(),
): Promise<Record<string, RunOutcome>> {
  const outcomes: Record<string, RunOutcome> = {};
  await Promise.all(
    Object.entries(hourlyJobs).map(async ([job, work]) => {
      const { outcome, detail } = await runOncePerSlot(db, job, slot, () => work(db));
      operationalMetrics.jobRuns.inc({ job, outcome });
      outcomes[job] = outcome;
      if (outcome === 'failed') log.error({ job, slot, detail }, 'job failed');
      else if (outcome === 'ran') log.info({ job, slot, detail }, 'job ran');
    }),
  );
  return outcomes;
}

/**
 * The server's background work: the hourly jobs (renew due subscriptions, move partner
 * commissions along, give back charges whose payment was never recorded, sweep rate-limit
 * counters), each once per hour across all instances, and the mail outbox's poller. They start
 * when the server listens (not under `inject`, so tests stay deterministic);
 * `npm run jobs -- renew|settle|reconcile` runs one at once for operators. All idempotent.
 */
export function startHourlyJobs(app: FastifyInstance, db: Database, mailer: Mailer): void {
  const timers: NodeJS.Timeout[] = [];
  const runJobs = () => {
    runHourlyJobs(app.log, db).catch((error: unknown) => app.log.error({ err: error }, 'jobs'));
  };
  const pollMail = () => {
    mailer.deliverDue().catch((error: unknown) => app.log.warn({ err: error }, 'mail outbox'));
  };
  app.addHook('onListen', () => {
    runJobs();
    // Each instance tries at every hour's start (plus a little, so clocks that differ agree).
    const untilNextHour = HOUR_MS - (Date.now() % HOUR_MS) + 5_000;
    const first = setTimeout(() => {
      runJobs();
      const hourly = setInterval(runJobs, HOUR_MS);
      hourly.unref();
      timers.push(hourly);
    }, untilNextHour);
    const mail = setInterval(pollMail, MAIL_POLL_MS);
    for (const timer of [first, mail]) {
      timer.unref();
      timers.push(timer);
    }
  });
  app.addHook('onClose', () => {
    for (const timer of timers) clearInterval(timer);
  });
}
