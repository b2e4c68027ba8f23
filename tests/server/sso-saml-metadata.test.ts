import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourlyJobs } from '../../server/services/hourly-jobs';
import { loadSecrets } from '../../server/services/secrets';
import { loadSsoConfig, saveSsoConfig } from '../../server/services/sso/config';
import { fetchIdpMetadata, parseIdpMetadata } from '../../server/services/sso/saml/metadata';
import { refreshSamlMetadata, sweepSamlState } from '../../server/services/sso/saml/refresh';
import { accountIdOfUser } from './helpers/accounts';
import { idpKeys, idpMetadataXml, type TestIdp } from './helpers/saml-idp';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * An IdP's metadata URL: read by the server with a deadline and a size cap, and read again by
 * the hourly job so a new signing certificate is trusted without the admin pasting it.
 */

let t: TestApp;
let server: http.Server;
let base: string;
/** What the IdP's metadata URL answers now. */
let served = '';
let idp: TestIdp;

beforeAll(async () => {
  t = await createTestApp();
  idp = {
    entityId: 'https://idp.example.net/metadata',
    ssoUrl: 'https://idp.example.net/sso',
    sloUrl: null,
    keys: await idpKeys(),
  };
  server = http.createServer((request, response) => {
    if (request.url === '/huge') {
      response.end('<x>'.padEnd(600 * 1024, ' '));
      return;
    }
    if (request.url === '/missing') {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/samlmetadata+xml');
    response.end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

describe('fetching a metadata URL', () => {
  it('reads the metadata the URL answers', async () => {
    served = idpMetadataXml(idp);
    const { metadata } = await fetchIdpMetadata(`${base}/metadata`);
    expect(metadata.entityId).toBe(idp.entityId);
  });

  it('refuses an answer over 512 KB, an error status and an address that does not answer', async () => {
    await expect(fetchIdpMetadata(`${base}/huge`)).rejects.toThrow(
      'The metadata is too large (more than 512 KB).',
    );
    await expect(fetchIdpMetadata(`${base}/missing`)).rejects.toThrow(
      'The metadata URL answered HTTP 404.',
    );
    await expect(fetchIdpMetadata('http://127.0.0.1:9/none')).rejects.toThrow(
      'The metadata URL could not be reached',
    );
  });
});

describe('the hourly refresh', () => {
  it("trusts the IdP's new certificate once its metadata URL announces it", async () => {
    const acme = await accountIdOfUser(t.db, 'reseller@example.com');
    served = idpMetadataXml(idp);
    const first = parseIdpMetadata(served);
    await saveSsoConfig(t.db, loadSecrets(t.config).fieldKey, acme, {
      protocol: 'saml',
      saml: {
        metadataXml: served,
        metadataUrl: `${base}/metadata`,
        idpEntityId: first.entityId,
        idpSsoUrl: first.ssoUrl,
        idpSloUrl: first.sloUrl,
        idpCerts: first.certs,
      },
    });
    // Read a minute ago: not due yet.
    expect(await refreshSamlMetadata(t.db)).toEqual({ refreshed: 0, failed: 0 });
    await t.db
      .updateTable('sso_configs')
      .set({ saml_metadata_fetched_at: '2020-01-01T00:00:00.000Z' })
      .where('account_id', '=', acme)
      .execute();
    const rolled = { ...idp, keys: await idpKeys() };
    served = idpMetadataXml(rolled);
    expect(hourlyJobs['saml-metadata']).toBeDefined();
    expect(await hourlyJobs['saml-metadata']?.(t.db)).toMatch(/^1 SAML metadata URLs read/);
    const config = await loadSsoConfig(t.db, acme);
    expect(config?.saml.idpCerts).toEqual([rolled.keys.certBody]);
    expect(config?.saml.metadataFetchedAt).not.toBe('2020-01-01T00:00:00.000Z');
  });

  it('keeps the last good metadata when the URL fails', async () => {
    const acme = await accountIdOfUser(t.db, 'reseller@example.com');
    const before = await loadSsoConfig(t.db, acme);
    await t.db
      .updateTable('sso_configs')
      .set({ saml_metadata_url: `${base}/missing`, saml_metadata_fetched_at: null })
      .where('account_id', '=', acme)
      .execute();
    const failures: string[] = [];
    const report = await refreshSamlMetadata(t.db, (f) => failures.push(f.error));
    expect(report).toEqual({ refreshed: 0, failed: 1 });
    expect(failures).toEqual(['The metadata URL answered HTTP 404.']);
    expect((await loadSsoConfig(t.db, acme))?.saml.idpCerts).toEqual(before?.saml.idpCerts);
  });

  it('forgets assertion IDs that can no longer be valid', async () => {
    const acme = await accountIdOfUser(t.db, 'reseller@example.com');
    await t.db
      .insertInto('sso_seen_assertions')
      .values([
        { account_id: acme, assertion_id: '_old', expires_at: '2020-01-01T00:00:00.000Z' },
        { account_id: acme, assertion_id: '_live', expires_at: '2999-01-01T00:00:00.000Z' },
      ])
      .execute();
    await sweepSamlState(t.db);
    const left = await t.db.selectFrom('sso_seen_assertions').select('assertion_id').execute();
    expect(left.map((row) => row.assertion_id)).toEqual(['_live']);
  });
});
