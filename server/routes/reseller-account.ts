import { exampleAccount } from '../../src/domain/api/reseller-api-examples';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  apiAccountSchema,
  apiKeyRequestSchema,
  apiKeyResponseSchema,
  apiKeyUsageSchema,
} from '../../src/domain/api/reseller-account';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { apiAccountOf } from '../plugins/api-key';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { verifyPassword } from '../services/passwords';
import { findAccountUser } from '../services/reseller-account/account';
import { apiKeyUsage, readApiKey, replaceApiKey } from '../services/reseller-account/api-keys';
import { operation } from '../plugins/openapi';

/**
 * The signed-in user. The route policy (`api.key`) has admitted only the account's administrator:
 * the key acts as the administrator, so nobody else may see or change it.
 */
async function keyHolder(ctx: AppContext, request: FastifyRequest) {
  const user = await findAccountUser(ctx.db, principalOf(request).sub);
  if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
  return user;
}

export function registerResellerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Password guesses through the key dialog: per signed-in user and per address.
  const passwordLimits = limitAll(app, [
    {
      max: 10,
      timeWindow: '15 minutes',
      key: (r) => `apikey-user:${r.principal?.sub ?? ''}:${r.ip}`,
    },
    { max: 30, timeWindow: '1 minute', key: (r) => `apikey-ip:${r.ip}` },
  ]);

  /*
   * View = reseller/config/token/generate (shows the key; the account's first key is generated
   * on the first view). Change = reseller/config/token/update (a new key replaces the old one,
   * which stops working at once). Both re-check the password.
   */
  for (const mode of ['view', 'change'] as const) {
    const url =
      mode === 'view'
        ? '/rpc-api/reseller/config/token/generate'
        : '/rpc-api/reseller/config/token/update';
    api.post(
      url,
      {
        config: policy.reseller('api.key'),
        schema: {
          ...(mode === 'view'
            ? operation('viewApiKey', "Show the account's API key (made on first view)", {
                description:
                  'The password is checked again. The first view of an account without a key generates one.',
              })
            : operation('regenerateApiKey', "Replace the account's API key", {
                description: 'The password is checked again. The old key stops working at once.',
              })),
          tags: ['reseller account'],
          body: apiKeyRequestSchema,
          response: { 200: okSchema(apiKeyResponseSchema) },
        },
        preHandler: passwordLimits,
      },
      async (request) => {
        const user = await keyHolder(ctx, request);
        const audit = {
          subjectKind: 'reseller' as const,
          subjectId: user.id,
          accountId: user.account_id,
          ...requestContext(request),
        };
        if (!(await verifyPassword(user.password_hash, request.body.password))) {
          await recordAudit(ctx.db, {
            ...audit,
            action: mode === 'view' ? 'apikey.view.failed' : 'apikey.change.failed',
          });
          throw new AppError(errorCodes.NOT_AUTHORIZED, formatMessage('incorrect.pwd'), {
            status: 400,
            field: 'password',
          });
        }
        const token = await ctx.db.transaction().execute(async (tx) => {
          const existing =
            mode === 'view'
              ? await readApiKey(tx, ctx.secrets.fieldKey, user.account_id)
              : undefined;
          const key =
            existing ?? (await replaceApiKey(tx, ctx.secrets.fieldKey, user.account_id, user.id));
          await recordAudit(tx, {
            ...audit,
            action: mode === 'view' && existing ? 'apikey.viewed' : 'apikey.changed',
          });
          return key;
        });
        return ok([{ token }]);
      },
    );
  }

  api.get(
    '/rpc-api/reseller/config/token/usage',
    {
      config: policy.reseller('api.key'),
      schema: {
        ...operation('getApiKeyUsage', "Read when the account's API key was made and last used", {
          description: 'Never the key itself: the API Keys tab shows these dates beside it.',
        }),
        tags: ['reseller account'],
        response: { 200: okSchema(apiKeyUsageSchema) },
      },
    },
    async (request) => ok(await apiKeyUsage(ctx.db, (await keyHolder(ctx, request)).account_id)),
  );

  // The reseller API, authenticated by the account's key (its route policy) instead of a session.
  api.get(
    '/reseller-api/v1/account',
    {
      config: policy.apiKey('signed-in'),
      schema: {
        ...operation('getApiAccount', 'Read the account the API key belongs to'),
        tags: ['reseller API'],
        response: { 200: okSchema(apiAccountSchema).meta({ example: exampleAccount }) },
      },
    },
    async (request) => {
      const accountId = apiAccountOf(request);
      const account = await ctx.db
        .selectFrom('reseller_accounts')
        .select([
          'company_name',
          'plan_name',
          'subscription_type',
          'account_status',
          'start_date',
          'end_date',
        ])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      const counts = await ctx.db
        .selectFrom('users')
        .select(['status', (eb) => eb.fn.countAll<string | number | bigint>().as('n')])
        .where('account_id', '=', accountId)
        .groupBy('status')
        .execute();
      const countOf = (status: string) =>
        Number(counts.find((row) => row.status === status)?.n ?? 0);
      return ok({
        ...account,
        users: {
          total: counts.reduce((sum, row) => sum + Number(row.n), 0),
          active: countOf('active'),
          invited: countOf('invited'),
        },
      });
    },
  );
}
