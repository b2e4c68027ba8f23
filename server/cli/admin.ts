// Operator commands: `npm run admin -- partner approve <partnerId>` and
// `npm run admin -- partner reject <partnerId> --reason "..."`. The partner is e-mailed.
import { loadConfig } from '../config';
import { createMailer } from '../services/mail';
import { migrateToLatest, openDatabase } from '../db/database';
import { decidePartner, type ApprovalDecision } from '../services/partners/approval';

const usage = [
  'usage: npm run admin -- partner approve <partnerId>',
  '       npm run admin -- partner reject <partnerId> --reason "<why>"',
].join('\n');

function parse(args: string[]): { partnerId: string; decision: ApprovalDecision } | undefined {
  const [area, action, partnerId, ...rest] = args;
  if (area !== 'partner' || !partnerId) return undefined;
  if (action === 'approve' && rest.length === 0) return { partnerId, decision: { action } };
  if (action === 'reject') {
    const at = rest.indexOf('--reason');
    const reason =
      at >= 0
        ? rest
            .slice(at + 1)
            .join(' ')
            .trim()
        : '';
    if (!reason) return undefined;
    return { partnerId, decision: { action, reason: reason.slice(0, 500) } };
  }
  return undefined;
}

const command = parse(process.argv.slice(2));
if (!command) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config);
try {
  await migrateToLatest(database.db);
  console.log(
    await decidePartner(database.db, createMailer(config, database.db), {
      ...command,
      productName: config.productName,
      publicOrigin: config.publicOrigin,
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
