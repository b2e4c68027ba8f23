import fs from 'node:fs';
import { policy, type RoutePolicy } from '../src/domain/api/route-policy';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { answerSerializer } from './plugins/answer-serializer';
import { registerConsole } from './plugins/console-static';
import { registerCsrf } from './plugins/csrf';
import { registerRoutePolicy, requireRoutePolicies } from './plugins/route-policy';
import { registerIdempotency } from './plugins/idempotency';
import { registerControlCharGuard } from './plugins/control-chars';
import { registerErrorHandling } from './plugins/errors';
import { apiDescription, apiTags } from './plugins/openapi-tags';
import { openApiTransform, openApiTransformObject, securitySchemes } from './plugins/openapi';
import { registerResellerApiDocs } from './plugins/openapi-docs';
import { loggerOptions } from './plugins/log-redaction';
import { operationalMetrics, registerOperations, requestIdOf } from './plugins/operations';
import { startHourlyJobs } from './services/hourly-jobs';
import { rateLimitStorage } from './plugins/rate-limit-store';
import { checkKeyFingerprints } from './services/cluster/key-fingerprints';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './plugins/security-headers';
import { registerActivityLogRoutes } from './routes/activity-log';
import { registerAuthRoutes } from './routes/auth';
import { registerBillingRoutes } from './routes/billing';
import { registerBillingAddressRoutes } from './routes/billing-address';
import { registerDataCentreRoutes } from './routes/datacentre';
import { registerSupportRoutes } from './routes/support';
import { registerPageRoutes } from './routes/pages';
import { registerPartnerRoutes } from './routes/partner';
import { registerResellerAccountRoutes } from './routes/reseller-account';
import { registerResellerAccountSettingsRoutes } from './routes/reseller-account-settings';
import { registerResellerAccountLifecycleRoutes } from './routes/reseller-account-lifecycle';
import { registerInvitedSignupRoutes } from './routes/invited-signup';
import { registerSignupRoutes } from './routes/signup';
import { registerResellerUserRoutes } from './routes/reseller-users';
import { registerResellerUserBulkRoutes } from './routes/reseller-users-bulk';
import { registerResellerHomeRoutes } from './routes/reseller-home';
import { registerTeamRoutes } from './routes/teams';
import { registerComputerRoutes } from './routes/computers';
import { registerResellerApiComputerRoutes } from './routes/reseller-api-computers';
import { registerResellerApiUserRoutes } from './routes/reseller-api-users';
import { registerSystemRoutes } from './routes/system';
import { registerTwofaRoutes } from './routes/twofa';
import { registerTrustedBrowserRoutes } from './routes/trusted-browsers';
import { registerSsoRoutes } from './routes/sso';
import { registerDemoIdpRoutes } from './routes/sso-demo-idp';
import { registerSsoSamlRoutes } from './routes/sso-saml';
import { registerSessionListRoutes } from './routes/sessions-list';
import { createMailer } from './services/mail';
import { loadSecrets } from './services/secrets';
import { createSessionService } from './services/sessions';

export interface RouteEntry {
  method: string;
  url: string;
  /** The fields of the route's body and query schemas, for the input fuzzing suite. */
  fields: string[];
  /** Who may call it (its `config.policy`), for the role-table suite. */
  policy: RoutePolicy | undefined;
}

/** The keys of a zod object schema (unwrapping optional), or none. */
function schemaFields(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let depth = 0; current && !current.shape && current.unwrap && depth < 3; depth += 1) {
    current = current.unwrap() as typeof current;
  }
  return current?.shape ? Object.keys(current.shape) : [];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Resolves when work handed off after an answer (mails sent later) has finished. */
    backgroundWork: () => Promise<void>;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Tests pass `false` to keep output quiet. */
  logger?: boolean;
  /** Where log lines go (standard output unless told): the log-redaction suite reads them. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (API, pages, console) without listening: main.ts and tests share it. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const options = {
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // The balancer's X-Request-Id (when plain) names the request in every log line.
    genReqId: requestIdOf,
    requestIdHeader: false as const,
  };
  // With a certificate the server speaks HTTPS itself, HTTP/2 to browsers (one connection for
  // all of a page's files, instead of six HTTP/1.1 connections taking turns: about a second off
  // a phone's first screen) and HTTP/1.1 to the rest. Fastify types an instance by its server
  // kind; the app uses nothing particular to either, so both are used as the default type.
  const app = (config.tls
    ? Fastify({
        ...options,
        http2: true,
        https: {
          allowHTTP1: true,
          cert: fs.readFileSync(config.tls.certFile),
          key: fs.readFileSync(config.tls.keyFile),
        },
      })
    : Fastify(options)) as unknown as FastifyInstance;
  // The route table, read by the security suite so every new route is covered without a list.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const fields = [
      ...schemaFields(route.schema?.body),
      ...schemaFields(route.schema?.querystring),
    ];
    const policy = route.config?.policy;
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, fields, policy });
    }
  });
  requireRoutePolicies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);

  const secrets = loadSecrets(config);
  // Before anything is served: an instance holding other keys than its siblings stops here.
  const rotated = await checkKeyFingerprints(database.db, secrets);
  if (rotated.length > 0)
    app.log.warn({ rotated }, 'key rotation: the database now has these keys in force');
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    secrets,
    sessions: createSessionService(database.db, {
      tokenSecret: secrets.token,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshTtlDays: config.refreshTokenTtlDays,
      reuseGraceSeconds: config.refreshReuseGraceSeconds,
    }),
    mailer: createMailer(config, database.db, (outcome) =>
      operationalMetrics.mailDelivered.inc({ outcome }),
    ),
  };
  if (config.runJobs) startHourlyJobs(app, database.db, ctx.mailer);
  app.decorate('backgroundWork', () => ctx.mailer.idle());
  // A closing server finishes the mails it promised before it goes.
  app.addHook('onClose', async () => {
    await ctx.mailer.idle();
  });

  registerErrorHandling(app, config.productName);
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rateLimit, { global: false, ...rateLimitStorage(app, config, database) });
  // Before any route, so the document sees every one (the health calls included).
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.productName} console API`,
        version: '1',
        description: apiDescription,
      },
      // Relative: the document describes the server that serves it, wherever that is.
      servers: [{ url: '/', description: 'This server' }],
      tags: apiTags,
      components: { securitySchemes },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  registerOperations(app, ctx, () => database.poolStats?.());
  await app.register(swaggerUi, {
    routePrefix: '/rpc-api/docs',
    // One section per area (the document's tags, in their order), each call by its summary.
    uiConfig: { docExpansion: 'list', displayOperationId: true, filter: true },
    staticCSP: true,
    transformStaticCSP: (header) => docsContentSecurityPolicy(header, config),
  });
  app.get('/rpc-api/openapi.json', { config: policy.public, schema: { hide: true } }, () =>
    app.swagger(),
  );
  registerResellerApiDocs(app, config.productName);

  registerCsrf(app, config, secrets.csrf);
  registerRoutePolicy(app, ctx);
  registerControlCharGuard(app);
  registerIdempotency(app, ctx);
  registerSystemRoutes(app, ctx);
  registerDataCentreRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerBillingAddressRoutes(app, ctx);
  registerResellerAccountRoutes(app, ctx);
  registerResellerAccountSettingsRoutes(app, ctx);
  registerResellerAccountLifecycleRoutes(app, ctx);
  registerTwofaRoutes(app, ctx);
  registerTrustedBrowserRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerDemoIdpRoutes(app, ctx);
  registerSsoSamlRoutes(app, ctx);
  registerSessionListRoutes(app, ctx);
  registerActivityLogRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerPartnerRoutes(app, ctx);
  registerResellerUserRoutes(app, ctx);
  registerResellerUserBulkRoutes(app, ctx);
  registerResellerHomeRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerComputerRoutes(app, ctx);
  registerResellerApiComputerRoutes(app, ctx);
  registerResellerApiUserRoutes(app, ctx);
  registerInvitedSignupRoutes(app, ctx);
  registerSignupRoutes(app, ctx);
  registerPageRoutes(app, ctx);
  await registerConsole(app, config.staticDir);

  return app;
}
