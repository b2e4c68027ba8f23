// Operator command: `npm run jobs -- renew` renews every due subscription once (idempotent: a
// second run charges nothing twice). The server also runs it hourly.
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { runRenewals } from '../services/billing/renewals';

const [command] = process.argv.slice(2);
if (command !== 'renew') {
  console.error('usage: npm run jobs -- renew');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config);
try {
  await migrateToLatest(database.db);
  const report = await runRenewals(database.db);
  console.log(
    `Renewals: ${String(report.renewed)} renewed, ${String(report.failed)} failed (now CCFAILEDACC with a pending charge), ${String(report.skipped)} skipped.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
