import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { runRenewals } from './billing/renewals';
import { nowIso } from './clock';
import { settleCommissions } from './partners/commissions';

const HOUR_MS = 3_600_000;

/**
 * The server's hourly jobs: renew due subscriptions and move partner commissions along (pending
 * → approved → paid). They run while the server listens (not under `inject`, so tests stay
 * deterministic); `npm run jobs -- renew|settle` runs one once for operators. Both idempotent.
 */
export function startHourlyJobs(app: FastifyInstance, db: Database): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    runRenewals(db).then(
      (report) => {
        if (report.renewed + report.failed > 0) app.log.info({ report }, 'renewals');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'renewal job failed');
      },
    );
    settleCommissions(db, nowIso()).catch((error: unknown) => {
      app.log.error({ err: error }, 'commission settlement failed');
    });
  };
  app.addHook('onListen', () => {
    run();
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    if (timer) clearInterval(timer);
  });
}
