import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { metricsText } from './plugins/operations';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM (or SIGINT) drains the instance, then exits 0:
 * 1. readiness answers 503 and every answer says `Connection: close`, while the instance keeps
 *    serving for SHUTDOWN_DRAIN_SECONDS, long enough for the balancer to see it and send
 *    new requests elsewhere;
 * 2. the listener closes (new connections are refused), idle connections close, requests still
 *    arriving on open ones get a 503 the balancer retries elsewhere;
 * 3. requests in flight get SHUTDOWN_TIMEOUT_SECONDS to finish, then their connections are cut;
 * 4. the database pool closes and the process exits 0.
 * Written here rather than with close-with-grace, which exits 1 at its deadline without closing
 * the pool; a second signal still stops the process at once.
 */
export function stopGracefully(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'draining');
    await sleep(config.shutdownDrainSeconds * 1000);
    const deadline = setTimeout(() => {
      app.log.warn('shutdown deadline: cutting the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    try {
      await app.close();
      clearTimeout(deadline);
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

/** Prometheus metrics on their own port (bound to HOST), for a scraper inside the network. */
export async function serveMetrics(config: Config): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsText().then(
      ({ type, body }) => response.writeHead(200, { 'content-type': type }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(config.metricsPort, config.host, resolve));
  return server;
}
