import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import { policy } from '../../src/domain/api/route-policy';
import type { Executor } from '../db/database';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { recordAudit } from '../services/audit';
import { billingTarget } from '../services/audit-targets';
import { sessionActorOf } from '../services/reseller-users/actor';

/**
 * What every billing route module shares (spec section 7: Upgrade, Auto-renewal, Billing, Tax):
 * each call is the signed-in reseller administrator's, scoped to their own account.
 */
export function billingRouteKit(app: FastifyInstance) {
  /**
   * The caller and their account (the route policy has already admitted only its administrator),
   * as the session check read them with the session.
   */
  const adminAccount = (request: FastifyRequest) => {
    const actor = sessionActorOf(request);
    return {
      id: actor.userId,
      account_id: actor.accountId,
      role: actor.role,
      email: actor.email,
      first_name: actor.firstName,
      last_name: actor.lastName,
    };
  };
  /** An audit line; a payment's is written in the payment's own transaction by the service. */
  const audit =
    (request: FastifyRequest, accountId: string, action: AuditAction, details = {}, target = '') =>
    async (db: Executor, written: Record<string, unknown> = {}) =>
      recordAudit(db, {
        subjectKind: 'reseller',
        subjectId: principalOf(request).sub,
        accountId,
        action,
        ...requestContext(request),
        details: { ...details, ...written },
        target: target || (await billingTarget(db, accountId, action, written)),
      });
  return {
    api: app.withTypeProvider<ZodTypeProvider>(),
    // Billing is the account administrator's (the role table's `billing`).
    billing: policy.reseller('billing'),
    // Card attempts per account: slows card testing through the sandbox or a real gateway.
    cardLimit: limitAll(app, [
      { max: 20, timeWindow: '15 minutes', key: (r) => `card:${r.principal?.sub ?? r.ip}` },
    ]),
    tags: ['billing'],
    adminAccount,
    audit,
  };
}

export type BillingRouteKit = ReturnType<typeof billingRouteKit>;
