// Operator commands: `npm run admin -- partner approve <partnerId>` and
// `npm run admin -- partner reject <partnerId> --reason "..."` (the partner is e-mailed), and
// `npm run admin -- reseal-fields` (the last step of a FIELD_ENCRYPTION_KEY rotation).
import { createMailer } from '../services/mail';
import { decidePartner, type ApprovalDecision } from '../services/partners/approval';
import { resealFields } from '../services/cluster/reseal';
import { loadSecrets } from '../services/secrets';
import { openForOperator } from '../services/server-settings';

const usage = [
  'usage: npm run admin -- partner approve <partnerId>',
  '       npm run admin -- partner reject <partnerId> --reason "<why>"',
  '       npm run admin -- reseal-fields',
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

if (process.argv[2] === 'reseal-fields' && process.argv.length === 3) {
  const { config, database } = await openForOperator();
  try {
    const report = await resealFields(database.db, loadSecrets(config).fieldKey);
    console.log(
      `Sealed again with FIELD_ENCRYPTION_KEY: ${String(report.resealed)} fields; unreadable with every key given: ${String(report.unreadable)}.`,
    );
    if (report.unreadable > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
  process.exit();
}

const command = parse(process.argv.slice(2));
if (!command) {
  console.error(usage);
  process.exit(2);
}
const { config, database } = await openForOperator();
try {
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
