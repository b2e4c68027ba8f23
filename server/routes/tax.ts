import { textResultSchema } from '../../src/domain/api/billing';
import { policy } from '../../src/domain/api/route-policy';
import {
  countryRequestSchema,
  gstDetailsSchema,
  gstUpdateRequestSchema,
  nexusStateRequestSchema,
  nexusStateSchema,
  vatDetailsSchema,
  vatUpdateRequestSchema,
  zipCheckRequestSchema,
  zipCheckSchema,
} from '../../src/domain/api/tax';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import {
  gstDetails,
  nexusStateDetails,
  updateGstin,
  updateVatId,
  vatDetails,
  zipCheck,
} from '../services/tax/tax-details';
import type { BillingRouteKit } from './billing-kit';
import { operation } from '../plugins/openapi';

/** Tax: nexus states, VAT and GST details and numbers, and the US ZIP check. */
export function registerTaxRoutes(ctx: AppContext, kit: BillingRouteKit): void {
  const { api, billing, adminAccount, audit } = kit;

  api.get(
    '/rpc-api/v1/fetchNexusStateSalesTax',
    {
      schema: {
        ...operation('getStateSalesTax', "Read the sales tax of the billing address's US state"),
        tags: ['tax'],
        querystring: nexusStateRequestSchema,
        response: { 200: okSchema(nexusStateSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok(await nexusStateDetails(ctx.db, user.account_id, request.query.state));
    },
  );

  api.get(
    '/rpc-api/v1/fetchNexusVATDetails',
    {
      schema: {
        ...operation('getVatDetails', "Read the account's VAT number and rate"),
        tags: ['tax'],
        querystring: countryRequestSchema,
        response: { 200: okSchema(vatDetailsSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok(await vatDetails(ctx.db, user.account_id, request.query.country));
    },
  );

  api.get(
    '/rpc-api/v1/fetchGSTDetails',
    {
      schema: {
        ...operation('getGstDetails', "Read the account's GST number"),
        tags: ['tax'],
        response: { 200: okSchema(gstDetailsSchema) },
      },
      config: billing,
    },
    async (request) => ok(await gstDetails(ctx.db, adminAccount(request).account_id)),
  );

  api.post(
    '/rpc-api/reseller/vat/update',
    {
      schema: {
        ...operation('updateVatNumber', "Set the account's VAT number", { errors: [422] }),
        tags: ['tax'],
        body: vatUpdateRequestSchema,
        response: { 200: okSchema(textResultSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      const result = await updateVatId(ctx.db, user.account_id, request.body.vatid);
      await audit(request, user.account_id, 'tax.vat.updated', {}, request.body.vatid)(ctx.db);
      return ok(result);
    },
  );

  api.post(
    '/rpc-api/reseller/gst/updateGSTNumber',
    {
      schema: {
        ...operation('updateGstNumber', "Set the account's GST number", { errors: [422] }),
        tags: ['tax'],
        body: gstUpdateRequestSchema,
        response: { 200: okSchema(textResultSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      const result = await updateGstin(ctx.db, user.account_id, request.body.gstin);
      await audit(request, user.account_id, 'tax.gst.updated', {}, request.body.gstin)(ctx.db);
      return ok(result);
    },
  );

  api.get(
    '/rpc-api/validateUSAZipCode',
    {
      schema: {
        ...operation('validateUsZipCode', 'Check that a US ZIP code belongs to a state', {
          errors: [422],
        }),
        tags: ['tax'],
        querystring: zipCheckRequestSchema,
        response: { 200: okSchema(zipCheckSchema) },
      },
      config: policy.reseller('signed-in'),
    },
    (request) => ok(zipCheck(request.query.zip, request.query.state)),
  );
}
