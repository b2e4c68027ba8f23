import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { paymentGateway } from './billing/billing';
import { runRenewals } from './billing/renewals';
import { nowIso } from './clock';
import { settleCommissions } from './partners/commissions';
import { reconcileAttempts } from './payments/attempts';

const HOUR_MS = 3_600_000;

/**
 * The server's hourly jobs: renew due subscriptions, move partner commissions along (pending
 * → approved → paid) and give back charges whose payment was never recorded (payment attempts
 * left by a crash or a failed refund). They run when the server starts listening and every hour
 * after (not under `inject`, so tests stay deterministic); `npm run jobs -- renew|settle|reconcile`
 * runs one once for operators. All idempotent.
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
    reconcileAttempts(db, paymentGateway(), new Date()).then(
      (report) => {
        if (report.stillFailing > 0) app.log.error({ report }, 'payments to give back');
        else if (report.refunded + report.abandoned > 0) app.log.info({ report }, 'payments');
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'payment reconciliation failed');
      },
    );
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
