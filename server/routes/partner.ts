import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerPartnerAccountRoutes } from './partner-account';
import { registerPartnerProfileRoutes } from './partner-profile';
import { registerPartnerReportRoutes } from './partner-reports';

/** The partner area's API (spec section 7, "Partner endpoints") and its tracking links. */
export function registerPartnerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPartnerAccountRoutes(app, ctx);
  registerPartnerProfileRoutes(app, ctx);
  registerPartnerReportRoutes(app, ctx);
}
