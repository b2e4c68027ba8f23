import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataCentreProbesSchema } from '../../src/domain/api/datacentre';
import { regions } from '../../src/domain/constants';
import type { AppContext } from '../context';
import { AppError } from '../app-error';
import { errorCodes } from '../../src/domain/api/envelope';
import { ok, okSchema } from '../plugins/reply';
import { operation } from '../plugins/openapi';

/** A transparent 1x1 PNG (68 bytes): small enough that its load time is mostly round trip. */
const PROBE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

const probeFiles = regions.map((region) => `${region}.png`) as [string, ...string[]];

/**
 * Data-centre choice (spec section 1): the console asks where each region's test image is, then
 * times loading it. Both routes are public: the choice is made before an invited user has an
 * account. By default this server serves all three images; DC_PROBE_URLS points each region at
 * its own data centre.
 */
export function registerDataCentreRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/rpc-api/dc/probes',
    {
      config: policy.public,
      schema: {
        ...operation('listDataCentreProbes', "List each data centre's probe image", {
          description: 'The console times loading each image to suggest the nearest data centre.',
        }),
        tags: ['system'],
        response: { 200: okSchema(dataCentreProbesSchema) },
      },
    },
    () => ok(regions.map((region) => ({ region, url: ctx.config.dcProbeUrls[region] }))),
  );

  api.get(
    '/rpc-api/dc/probe/:file',
    {
      config: policy.public,
      schema: {
        ...operation('getDataCentreProbe', 'Download a data-centre probe image', {
          errors: [404],
          answer: 'image/png',
        }),
        tags: ['system'],
        params: z.object({ file: z.string().max(16) }),
      },
    },
    (request, reply) => {
      if (!probeFiles.includes(request.params.file)) {
        throw new AppError(errorCodes.NOT_FOUND, 'The requested resource was not found.');
      }
      // Cross-origin consoles may time this image too; it carries no data.
      return reply
        .header('content-type', 'image/png')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(PROBE_PNG);
    },
  );
}
