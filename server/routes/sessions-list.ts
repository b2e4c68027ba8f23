import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCodes } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import {
  signedInSessionsSchema,
  signOutOthersResponseSchema,
  signOutSessionResponseSchema,
  signOutSessionSchema,
} from '../../src/domain/api/sessions';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { findAccountUser } from '../services/reseller-account/account';
import {
  listSignedInSessions,
  signOutOtherSessions,
  signOutSession,
  type SignOutActor,
} from '../services/session-list';

/** "Where you're signed in" in account settings: the user's own sessions, each signed out here. */
export function registerSessionListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  /** The caller as the sign-out records it (its user row gives the account of the entry). */
  async function actorOf(request: FastifyRequest): Promise<SignOutActor> {
    const principal = principalOf(request);
    const user = await findAccountUser(ctx.db, principal.sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return {
      userId: user.id,
      accountId: user.account_id,
      currentSessionId: principal.sid,
      ...requestContext(request),
    };
  }

  api.get(
    '/rpc-api/reseller/sessions',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('listSignedInSessions', 'List where the signed-in user is signed in', {
          description:
            'The live sessions of the signed-in user only: device (browser and OS from the User-Agent), approximate place (country of the sign-in address), sign-in method, when made and last active (to the minute); `current` marks the calling session.',
        }),
        tags,
        response: { 200: okSchema(signedInSessionsSchema) },
      },
    },
    async (request) => {
      const { sub, sid } = principalOf(request);
      return ok({ items: await listSignedInSessions(ctx.db, sub, sid) });
    },
  );

  api.post(
    '/rpc-api/reseller/sessions/signOut',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('signOutSession', 'Sign out one of the user’s other sessions', {
          description:
            'Ends the session at once on every instance: its next call answers 401. Only the caller’s own sessions; another user’s or an ended session answers 404. The calling session is refused (that is Logout).',
          errors: [404, 422],
        }),
        tags,
        body: signOutSessionSchema,
        response: { 200: okSchema(signOutSessionResponseSchema) },
      },
    },
    async (request) => {
      await signOutSession(ctx.db, await actorOf(request), request.body.sessionId);
      return ok({ ok: true as const });
    },
  );

  api.post(
    '/rpc-api/reseller/sessions/signOutOthers',
    {
      config: policy.reseller('profile.own'),
      schema: {
        ...operation('signOutOtherSessions', 'Sign out every session but the calling one', {
          description:
            'Ends all the user’s other live sessions at once on every instance and answers how many were ended; the calling session stays signed in.',
        }),
        tags,
        response: { 200: okSchema(signOutOthersResponseSchema) },
      },
    },
    async (request) => {
      const count = await signOutOtherSessions(ctx.db, await actorOf(request));
      return ok({ count });
    },
  );
}
