import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ipLocationSchema, publicConfigSchema } from '../../src/domain/api/session';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { countryForIp } from '../services/geoip';
import { operation } from '../plugins/openapi';

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  api.get(
    '/rpc-api/config',
    {
      config: policy.public,
      schema: {
        ...operation('getPublicConfig', 'Read the product name, support email and terms links'),
        tags: ['system'],
        response: { 200: okSchema(publicConfigSchema) },
      },
    },
    () =>
      ok({
        productName: config.productName,
        supportEmail: config.supportEmail,
        termsUrl: config.termsUrl,
        pricingTermsUrl: config.pricingTermsUrl,
      }),
  );

  api.get(
    '/rpc-api/iplocation',
    {
      config: policy.public,
      schema: {
        ...operation('getIpLocation', "Guess the caller's country from their IP address"),
        tags: ['system'],
        response: { 200: okSchema(ipLocationSchema) },
      },
    },
    (request) => {
      // A proxy's country header is believed only when the operator says the proxy is trusted.
      const header =
        config.trustProxy && config.countryHeader
          ? request.headers[config.countryHeader]
          : undefined;
      const fromHeader =
        typeof header === 'string' && /^[A-Z]{2}$/i.test(header) ? header.toUpperCase() : undefined;
      return ok({ country: fromHeader ?? countryForIp(request.ip, config.defaultCountry) });
    },
  );

  api.get(
    '/rpc-api/health',
    {
      config: policy.public,
      schema: {
        ...operation('getHealth', 'Check that the server can read its database'),
        tags: ['system'],
        response: { 200: okSchema(z.object({ database: z.string() })) },
      },
    },
    async () => {
      await ctx.db.selectFrom('reseller_accounts').select('id').limit(1).execute();
      return ok({ database: ctx.dialect });
    },
  );
}
