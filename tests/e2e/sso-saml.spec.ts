import { idpMetadataXml } from '../server/helpers/saml-idp';
import { startIdpServer, type IdpServer } from '../server/helpers/saml-idp-server';
import { withE2eDatabase } from './e2e-database';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/*
 * SAML sign-in through an identity provider's own login page: the test IdP (samlify, behind a
 * small login form) signs the user in and posts its signed answer to the console's ACS from the
 * browser, as any IdP does; the console's finish page moves on to the console home, signed in.
 */

const ADMIN = 'reseller@example.com';
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '8090'}`;

let idpServer: IdpServer;
let accountId: string;

test.beforeAll(async () => {
  accountId = withE2eDatabase(
    (db) =>
      (
        db.prepare('SELECT account_id FROM users WHERE email = ?').get(ADMIN) as {
          account_id: string;
        }
      ).account_id,
  );
  idpServer = await startIdpServer(async () => {
    const response = await fetch(`${origin}/rpc-api/sso/saml/${accountId}/metadata.xml`);
    return response.text();
  });
  const { idp } = idpServer;
  const now = new Date().toISOString();
  // The admin's settings, as the "Single sign-on" screen saves them (tested in the server suite).
  withE2eDatabase((db) =>
    db
      .prepare(
        `INSERT INTO sso_configs (account_id, protocol, scope, saml_metadata_xml, saml_idp_entity_id,
           saml_idp_sso_url, saml_idp_certs, allow_idp_initiated, tested_at, created_at, updated_at)
         VALUES (?, 'saml', 'account', ?, ?, ?, ?, 1, ?, ?, ?)`,
      )
      .run(
        accountId,
        idpMetadataXml(idp),
        idp.entityId,
        idp.ssoUrl,
        JSON.stringify([idp.keys.certBody]),
        now,
        now,
        now,
      ),
  );
});

test.afterAll(async () => {
  // Other browser tests sign Acme's users in with their passwords: SSO goes off again.
  withE2eDatabase((db) => {
    db.prepare('DELETE FROM sso_identities WHERE account_id = ?').run(accountId);
    db.prepare('DELETE FROM sso_configs WHERE account_id = ?').run(accountId);
  });
  await idpServer.close();
});

test.describe('SAML sign-in through the identity provider', () => {
  test("the IdP's login page signs the user in and the console home opens", async ({ page }) => {
    await page.goto(idpServer.loginUrl);
    await expect(page.getByRole('heading', { name: 'Test IdP', level: 1 })).toBeVisible();
    await page.getByLabel('IdP e-mail').fill(ADMIN);
    await page.getByLabel('IdP password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in to the IdP' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');

    await page.getByLabel('IdP e-mail').fill(ADMIN);
    await page.getByLabel('IdP password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in to the IdP' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Welcome, Riley', level: 1 })).toBeVisible();
  });

  test('"Sign in with SSO" sends the user to the IdP and back to the console home', async ({
    page,
  }) => {
    await page.goto('/rpc-app/reseller/login');
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await page.getByRole('textbox', { name: 'Email or SSO name' }).fill(ADMIN);
    await page.getByRole('button', { name: 'Continue' }).click();
    // The IdP's page, reached with the console's AuthnRequest (answered with its InResponseTo).
    await expect(page.getByRole('heading', { name: 'Test IdP', level: 1 })).toBeVisible();
    await page.getByLabel('IdP e-mail').fill(ADMIN);
    await page.getByLabel('IdP password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in to the IdP' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/home$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Welcome, Riley', level: 1 })).toBeVisible();
  });

  test('an answer the console refuses shows the catalogue message on the sign-in page', async ({
    page,
  }) => {
    // The same IdP-initiated answer is refused once the admin turns IdP-initiated sign-in off.
    withE2eDatabase((db) =>
      db
        .prepare('UPDATE sso_configs SET allow_idp_initiated = 0 WHERE account_id = ?')
        .run(accountId),
    );
    await page.goto(idpServer.loginUrl);
    await page.getByLabel('IdP e-mail').fill(ADMIN);
    await page.getByLabel('IdP password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in to the IdP' }).click();
    await expect(page).toHaveURL(/\/rpc-app\/reseller\/login\?ssoError=saml$/, {
      timeout: 15_000,
    });
    await expect(
      page.getByText('SAML authentication has failed. Contact admin for assistance.'),
    ).toBeVisible();
  });
});
