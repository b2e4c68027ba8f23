// Operator command: `npm run support -- otp <email>` issues a one-time code with which a support
// agent signs in as that reseller user (otpLogin), valid 15 minutes, recorded in the activity log.
import { formatDisplayDateTime } from '../../src/domain/formats';
import { openForOperator } from '../services/server-settings';
import { issueSupportOtp } from '../services/support-otp';

const [command, login] = process.argv.slice(2);
if (command !== 'otp' || !login) {
  console.error('usage: npm run support -- otp <email or username>');
  process.exit(2);
}
const { config, database } = await openForOperator();
try {
  const { code, expiresAt } = await issueSupportOtp(database.db, login);
  console.log(`One-time support code for ${login}: ${code}`);
  console.log(
    `Valid until ${formatDisplayDateTime(expiresAt, { isUtc: true })}. Sign in at ${config.publicOrigin}/rpc-app/reseller/login (Support sign-in).`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
