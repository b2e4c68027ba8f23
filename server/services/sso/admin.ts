import type { z } from 'zod';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  ssoMessages,
  type ssoConfigInputSchema,
  type SsoConfigView,
} from '../../../src/domain/api/sso';
import { AppError, conflict } from '../../app-error';
import type { AppContext } from '../../context';
import type { SsoScope } from '../../db/schema-sso';
import { loadSsoConfig, openClientSecret, saveSsoConfig, type SsoConfigInput } from './config';
import { oidcConfiguration, oidcRedirectUri, resolveIssuer } from './oidc';
import { fetchIdpMetadata, parseIdpMetadata } from './saml/metadata';

type SettingsBody = z.output<typeof ssoConfigInputSchema>;

const refusedByRule = (message: string, field: string) =>
  new AppError(errorCodes.RULE_FAILED, message, { field });

/** The admin screen's view: everything but the client secret (only whether one is set). */
export async function ssoConfigView(ctx: AppContext, accountId: string): Promise<SsoConfigView> {
  const sso = await loadSsoConfig(ctx.db, accountId);
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role', 'sso_flag', 'user_sso_status'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'active')
    .orderBy('email')
    .execute();
  return {
    configured: sso !== undefined,
    protocol: sso?.protocol ?? null,
    scope: sso?.scope ?? 'off',
    ssoName: sso?.ssoName ?? '',
    samlMetadataUrl: sso?.saml.metadataUrl ?? '',
    samlIdpEntityId: sso?.saml.idpEntityId ?? '',
    samlIdpSsoUrl: sso?.saml.idpSsoUrl ?? '',
    oidcIssuer: sso?.oidc.issuer ? resolveIssuer(sso.oidc.issuer, ctx.config.publicOrigin) : '',
    oidcClientId: sso?.oidc.clientId ?? '',
    hasClientSecret: Boolean(sso?.oidc.clientSecretSealed),
    allowIdpInitiated: sso?.allowIdpInitiated ?? false,
    jitProvisioning: sso?.jitProvisioning ?? false,
    testedAt: sso?.testedAt ?? null,
    oidcRedirectUri: oidcRedirectUri(ctx.config.publicOrigin),
    users: users.map((user) => ({
      id: user.id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
      role: user.role,
      ssoEnabled: user.sso_flag === 1 && user.user_sso_status === 1,
    })),
  };
}

/** The issuer must answer discovery for this client before it is saved. */
async function checkIssuer(issuer: string, clientId: string, secret: string): Promise<void> {
  const url = new URL(issuer);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw refusedByRule('The issuer URL must use https://.', 'oidcIssuer');
  }
  try {
    await oidcConfiguration(issuer, clientId, secret);
  } catch {
    throw refusedByRule(
      'The issuer did not answer its OpenID Connect discovery (/.well-known/openid-configuration). Check the issuer URL.',
      'oidcIssuer',
    );
  }
}

async function samlInput(body: SettingsBody): Promise<NonNullable<SsoConfigInput['saml']>> {
  const { xml, metadata } = body.samlMetadataUrl
    ? await fetchIdpMetadata(body.samlMetadataUrl)
    : { xml: body.samlMetadataXml ?? '', metadata: parseIdpMetadata(body.samlMetadataXml ?? '') };
  return {
    metadataXml: xml,
    metadataUrl: body.samlMetadataUrl ?? null,
    idpEntityId: metadata.entityId,
    idpSsoUrl: metadata.ssoUrl,
    idpSloUrl: metadata.sloUrl,
    idpCerts: metadata.certs,
  };
}

/**
 * Saves the admin's settings. A change of identity provider (protocol, metadata, issuer, client)
 * needs a new successful test before SSO can be turned on again; while SSO is on, the old test
 * stands (turning it off is the admin's call, not a side effect of an edit).
 */
export async function saveSsoSettings(
  ctx: AppContext,
  accountId: string,
  body: SettingsBody,
): Promise<{ idpChanged: boolean }> {
  const current = await loadSsoConfig(ctx.db, accountId);
  const input: SsoConfigInput = {
    protocol: body.protocol,
    ssoName: body.ssoName ?? null,
    allowIdpInitiated: body.allowIdpInitiated,
    jitProvisioning: body.jitProvisioning,
  };
  let idpChanged = current?.protocol !== body.protocol;
  if (body.protocol === 'oidc') {
    const issuer = body.oidcIssuer ?? '';
    const clientId = body.oidcClientId ?? '';
    const secret =
      body.oidcClientSecret ?? (current ? openClientSecret(ctx.secrets.fieldKey, current) : '');
    if (!secret) throw refusedByRule('Enter the client secret.', 'oidcClientSecret');
    await checkIssuer(issuer, clientId, secret);
    input.oidc = { issuer, clientId, clientSecret: body.oidcClientSecret };
    idpChanged ||=
      current?.oidc.issuer !== issuer ||
      current.oidc.clientId !== clientId ||
      body.oidcClientSecret !== undefined;
  } else {
    input.saml = await samlInput(body);
    idpChanged ||=
      current?.saml.idpEntityId !== input.saml.idpEntityId ||
      JSON.stringify(current.saml.idpCerts) !== JSON.stringify(input.saml.idpCerts);
  }
  if (body.ssoName) await assertSsoNameFree(ctx, accountId, body.ssoName);
  input.resetTested = idpChanged && current?.scope !== 'account' && current?.scope !== 'users';
  await saveSsoConfig(ctx.db, ctx.secrets.fieldKey, accountId, input);
  return { idpChanged };
}

async function assertSsoNameFree(ctx: AppContext, accountId: string, name: string) {
  const taken = await ctx.db
    .selectFrom('sso_configs')
    .select('account_id')
    .where('sso_name', '=', name)
    .where('account_id', '!=', accountId)
    .executeTakeFirst();
  if (taken) throw conflict('This SSO name is taken. Choose another.', 'ssoName');
}

/**
 * Turns SSO on for the whole account or for chosen users, or off. The administrator's own
 * user_sso_status stays 0: their password sign-in keeps working (break-glass), and they may
 * still sign in through the IdP (complete-sign-in.ts isSsoEnabledFor).
 */
export async function enableSso(
  ctx: AppContext,
  accountId: string,
  scope: SsoScope,
  userIds: string[],
): Promise<{ users: number }> {
  const sso = await loadSsoConfig(ctx.db, accountId);
  if (!sso) throw refusedByRule(ssoMessages.notConfigured, 'scope');
  if (scope !== 'off' && !sso.testedAt) throw refusedByRule(ssoMessages.testFirst, 'scope');
  return ctx.db.transaction().execute(async (tx) => {
    const chosen = [...new Set(userIds)];
    // Any user named must be of this account, whatever the scope: nothing is done otherwise.
    if (chosen.length > 0) {
      const found = await tx
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', 'in', chosen)
        .execute();
      // Another account's users are not found here (404), as everywhere in the console.
      if (found.length !== chosen.length) {
        throw new AppError(errorCodes.NOT_FOUND, ssoMessages.unknownUsers, { field: 'userIds' });
      }
    }
    await tx
      .updateTable('users')
      .set({ sso_flag: scope === 'off' ? 0 : 1, user_sso_status: 0 })
      .where('account_id', '=', accountId)
      .execute();
    let users = 0;
    if (scope !== 'off') {
      let query = tx
        .updateTable('users')
        .set({ user_sso_status: 1 })
        .where('account_id', '=', accountId)
        .where('role', '!=', 'admin');
      if (scope === 'users') query = query.where('id', 'in', chosen.length ? chosen : ['']);
      users = Number((await query.executeTakeFirst()).numUpdatedRows);
    }
    await tx
      .updateTable('sso_configs')
      .set({ scope })
      .where('account_id', '=', accountId)
      .execute();
    return { users };
  });
}
