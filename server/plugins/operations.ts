import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import client from 'prom-client';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { migrations } from '../db/migrations/all';
import { safeEqual } from '../services/crypto';
import { ok, okSchema } from './reply';

/** An `X-Request-Id` a balancer may set is kept only if it is short and plain (it goes to logs). */
const REQUEST_ID = /^[\w.:@/-]{1,128}$/;

/** Fastify's request id: the balancer's `X-Request-Id` when it sent a plain one, else a UUID. */
export function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Leaves the route out of the latency histogram (the metrics call itself). */
    disableMetrics?: boolean;
  }
  interface FastifyInstance {
    /** Set on SIGTERM: readiness answers 503 and every answer closes its connection. */
    lifecycle: { draining: boolean };
  }
}

/** Metrics the routes cannot see: job runs, rate-limit refusals, the database pool. */
export const operationalMetrics = {
  jobRuns: new client.Counter({
    name: 'rpc_job_runs_total',
    registers: [],
    help: 'Hourly job runs by job and outcome (ran, failed, skipped: another instance had it)',
    labelNames: ['job', 'outcome'] as const,
  }),
  rateLimitRefusals: new client.Counter({
    name: 'rpc_rate_limit_refusals_total',
    registers: [],
    help: 'Requests refused with 429 by a rate limit',
  }),
  mailDelivered: new client.Counter({
    name: 'rpc_mail_delivered_total',
    registers: [],
    help: 'Mails delivered from the outbox, by outcome (sent, failed)',
    labelNames: ['outcome'] as const,
  }),
};

/**
 * What an operator and a load balancer need: request ids in every log line and answer,
 * `/rpc-api/health/live` (the process answers) and `/rpc-api/health/ready` (database reachable,
 * migrations current, not draining), `Connection: close` while draining, and Prometheus
 * metrics (route latency and status, pool use, jobs, refusals) behind METRICS_TOKEN.
 */
export function registerOperations(
  app: FastifyInstance,
  ctx: AppContext,
  pool: () => { total: number; idle: number; waiting: number } | undefined,
): void {
  app.decorate('lifecycle', { draining: false });
  // One hook for both, on every answer (errors included): the request id, and while draining,
  // `Connection: close`, so keep-alive connections to this instance end after their answer (one
  // in flight when the drain began included) and the balancer's next request goes elsewhere.
  // Callback-style, like the other hooks every answer passes: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  registerHealth(app, ctx);
  registerMetrics(app, ctx, pool);
}

function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const expected = Object.keys(migrations).length;
  let migrationsCurrent = false;
  const readiness = z.object({
    database: z.string(),
    migrations: z.string(),
    draining: z.boolean(),
  });

  api.get(
    '/rpc-api/health/live',
    {
      config: policy.public,
      schema: {
        tags: ['system'],
        operationId: 'getHealthLive',
        summary: 'Whether the process answers (it does no other check)',
        response: { 200: okSchema(z.object({ live: z.literal(true) })) },
      },
    },
    () => ok({ live: true as const }),
  );

  api.get(
    '/rpc-api/health/ready',
    {
      config: policy.public,
      schema: {
        tags: ['system'],
        operationId: 'getHealthReady',
        summary: 'Whether this instance should get traffic: database, migrations, not draining',
        response: { 200: okSchema(readiness), 503: okSchema(readiness) },
      },
    },
    async (_request, reply) => {
      const database = await sql`select 1`.execute(ctx.db).then(
        () => 'reachable',
        () => 'unreachable',
      );
      if (database === 'reachable' && !migrationsCurrent) {
        const done = await sql<{
          count: number | string;
        }>`select count(*) as count from kysely_migration`
          .execute(ctx.db)
          .then(
            (result) => Number(result.rows[0]?.count ?? 0),
            () => 0,
          );
        migrationsCurrent = done >= expected;
      }
      const state = {
        database,
        migrations: migrationsCurrent ? 'current' : 'behind',
        draining: app.lifecycle.draining,
      };
      const isReady = database === 'reachable' && migrationsCurrent && !app.lifecycle.draining;
      return reply.code(isReady ? 200 : 503).send(ok(state));
    },
  );
}

function registerMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  pool: () => { total: number; idle: number; waiting: number } | undefined,
): void {
  const token = ctx.config.metricsToken;
  // The global registry is cleared first: tests build many apps in one process.
  client.register.clear();
  client.collectDefaultMetrics();
  registerRouteLatency(app);
  for (const metric of Object.values(operationalMetrics)) client.register.registerMetric(metric);
  client.register.registerMetric(
    new client.Gauge({
      name: 'rpc_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL)',
      labelNames: ['state'] as const,
      registers: [],
      collect() {
        const now = pool();
        if (!now) return;
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    }),
  );
  // Behind a bearer token on the API port; without one only on METRICS_PORT (main.ts).
  app.get(
    '/rpc-api/metrics',
    { config: { ...policy.public, disableMetrics: true }, schema: { hide: true } },
    async (request, reply) => {
      const presented = request.headers.authorization ?? '';
      if (!token || !safeEqual(presented, `Bearer ${token}`)) {
        throw new AppError(errorCodes.NOT_FOUND, 'The requested resource was not found.');
      }
      return reply.type(client.register.contentType).send(await client.register.metrics());
    },
  );
}

/** The Prometheus text of this process, for the METRICS_PORT listener. */
export const metricsText = async (): Promise<{ type: string; body: string }> => ({
  type: client.register.contentType,
  body: await client.register.metrics(),
});

/**
 * Route latency by method, route and status, as `http_request_duration_seconds` (the name and
 * labels fastify-metrics gave it, which this replaces). A histogram only: a summary's quantiles
 * cannot be added up across instances behind a balancer. Hand-written because fastify-metrics
 * kept each request's timer in a WeakMap and prom-client hashed and checked the label object on
 * every answer: 12-15 µs of a 127 µs signed-in read (alternated runs, 2026-11-26). Here Fastify's
 * own clock times the request (`reply.elapsedTime`) and each (method, route, status) keeps its
 * labelled child. Requests that matched no route and routes with `disableMetrics` are left out.
 */
function registerRouteLatency(app: FastifyInstance): void {
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'request duration in seconds',
    labelNames: ['method', 'route', 'status_code'] as const,
  });
  const byLabels = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status_code'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && request.routeOptions.config.disableMetrics !== true) {
      const key = `${request.method} ${String(reply.statusCode)} ${route}`;
      let child = byLabels.get(key);
      if (!child) {
        child = latency.labels(request.method, route, String(reply.statusCode));
        byLabels.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });
}
