import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { DEMO_TOTP_SECRET, DEMO_TWOFA_EMAIL } from './db/seed/reseller-account';
import { demoInvitationLink } from './db/seed/reseller-users';
import { loadSecrets } from './services/secrets';
import { publishPublicOrigin } from './services/server-settings';
import { serveMetrics, stopGracefully } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await publishPublicOrigin(database.db, config.publicOrigin);
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty(database.db, loadSecrets(config).fieldKey)
    : false;
  const app = await buildApp({ config, database });

  stopGracefully(app, config, database);
  const metricsServer = config.metricsPort === undefined ? undefined : await serveMetrics(config);
  if (metricsServer)
    app.addHook('onClose', () => new Promise<void>((done) => metricsServer.close(() => done())));

  await app.listen({ port: config.port, host: config.host });
  const where = database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  ${config.productName} console: ${config.publicOrigin}/rpc-app/`,
    `  Partner programme page:  ${config.publicOrigin}/partner/`,
    `  API docs:                ${config.publicOrigin}/rpc-api/docs`,
    `  Database:                ${where}${seeded ? ' (demo data loaded)' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push(
      '',
      '  Demo accounts (password Demo@1234):',
      '    reseller admin     reseller@example.com',
      '    reseller on trial  trial@example.com',
      '    reseller sub-user  subuser@example.com',
      '    reseller sub-admin subadmin@example.com',
      '    reseller to cancel leaving@example.com (try e-mail change and cancellation)',
      '    large reseller     globex@example.com (130 users on Bulk Reseller 1000)',
      '    partner            demopartner (partner@example.com)',
      '    partner, pending   newpartner (newpartner@example.com)',
    );
  }
  if (config.seedDemo) {
    const link = await demoInvitationLink(
      database.db,
      loadSecrets(config).fieldKey,
      config.publicOrigin,
    );
    if (link) lines.push('', '  Pending demo invitation (invitee@example.com):', `    ${link}`);
  }
  if (config.seedDemo) {
    lines.push(
      '',
      `  Two-factor demo: ${DEMO_TWOFA_EMAIL} (password Demo@1234), TOTP secret ${DEMO_TOTP_SECRET}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
