// Operator commands, each idempotent (the server also runs both hourly):
//   npm run jobs -- renew    renews every due subscription once (a second run charges nothing twice)
//   npm run jobs -- settle   moves partner commissions pending -> approved (30 days) -> paid (60)
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { runRenewals } from '../services/billing/renewals';
import { nowIso } from '../services/clock';
import { settleCommissions } from '../services/partners/commissions';

const [command] = process.argv.slice(2);
if (command !== 'renew' && command !== 'settle') {
  console.error('usage: npm run jobs -- renew|settle');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config);
try {
  await migrateToLatest(database.db);
  if (command === 'renew') {
    const report = await runRenewals(database.db);
    console.log(
      `Renewals: ${String(report.renewed)} renewed, ${String(report.failed)} failed (now CCFAILEDACC with a pending charge), ${String(report.skipped)} skipped.`,
    );
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
