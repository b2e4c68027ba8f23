import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runRenewals } from './renewals';

const HOUR_MS = 3_600_000;

/**
 * Runs the renewal job hourly while the server listens (not under `inject`, so tests stay
 * deterministic); `npm run jobs -- renew` runs it once for operators. Runs are idempotent.
 */
export function startRenewalTimer(app: FastifyInstance, db: Database): void {
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
