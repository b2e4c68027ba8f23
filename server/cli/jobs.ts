// Operator commands, each idempotent (the server also runs both hourly):
//   npm run jobs -- renew    renews every due subscription once (a second run charges nothing twice)
//   npm run jobs -- settle   moves partner commissions pending -> approved (30 days) -> paid (60)
//   npm run jobs -- reconcile  gives back charges whose payment was never recorded (see attempts.ts)
//   npm run jobs -- hourly   runs the server's hourly jobs now, unless an instance ran them this hour
import { openForOperator } from '../services/server-settings';
import { paymentGateway } from '../services/billing/active-gateway';
import { runRenewals } from '../services/billing/renewals';
import { runHourlyJobs } from '../services/hourly-jobs';
import { nowIso } from '../services/clock';
import { settleCommissions } from '../services/partners/commissions';
import { reconcileAttempts } from '../services/payments/attempts';

const [command] = process.argv.slice(2);
const commands = ['renew', 'settle', 'reconcile', 'hourly'];
if (!command || !commands.includes(command)) {
  console.error('usage: npm run jobs -- renew|settle|reconcile|hourly');
  process.exit(2);
}
const { database } = await openForOperator();
try {
  if (command === 'renew') {
    const report = await runRenewals(database.db);
    console.log(
      `Renewals: ${String(report.renewed)} renewed, ${String(report.failed)} failed (now CCFAILEDACC with a pending charge), ${String(report.skipped)} skipped.`,
    );
  } else if (command === 'reconcile') {
    const report = await reconcileAttempts(database.db, paymentGateway(database.db), new Date());
    console.log(
      `Payments: ${String(report.refunded)} given back, ${String(report.abandoned)} never charged, ${String(report.stillFailing)} still to give back.`,
    );
    if (report.stillFailing > 0) process.exitCode = 1;
  } else if (command === 'hourly') {
    const outcomes = await runHourlyJobs(console, database.db);
    console.log(JSON.stringify(outcomes));
  } else {
    await settleCommissions(database.db, nowIso());
    console.log('Commissions settled.');
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
