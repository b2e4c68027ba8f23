import type { Database } from '../../../db/database';
import { addSeconds, nowIso } from '../../clock';
import { fetchIdpMetadata } from './metadata';

/** An IdP's metadata URL is read again after a day: certificate rollovers are announced early. */
const REFRESH_AFTER_SECONDS = 24 * 3600;

export interface RefreshReport {
  refreshed: number;
  failed: number;
}

/**
 * Reads again the metadata URL of every SAML configuration that gives one and was not read in
 * the last day, so an IdP's new signing certificate is trusted without the admin pasting it.
 * Run by the hourly jobs (once per hour across instances). A URL that fails keeps the last good
 * metadata: a flaky IdP must not switch its customers' sign-in off.
 */
export async function refreshSamlMetadata(
  db: Database,
  log: (failure: { accountId: string; error: string }) => void = () => {},
): Promise<RefreshReport> {
  const due = addSeconds(nowIso(), -REFRESH_AFTER_SECONDS);
  const rows = await db
    .selectFrom('sso_configs')
    .select(['account_id', 'saml_metadata_url'])
    .where('protocol', '=', 'saml')
    .where('saml_metadata_url', 'is not', null)
    .where((eb) =>
      eb.or([eb('saml_metadata_fetched_at', 'is', null), eb('saml_metadata_fetched_at', '<', due)]),
    )
    .execute();
  const report: RefreshReport = { refreshed: 0, failed: 0 };
  for (const row of rows) {
    try {
      const { xml, metadata } = await fetchIdpMetadata(row.saml_metadata_url ?? '');
      const now = nowIso();
      await db
        .updateTable('sso_configs')
        .set({
          saml_metadata_xml: xml,
          saml_metadata_fetched_at: now,
          saml_idp_entity_id: metadata.entityId,
          saml_idp_sso_url: metadata.ssoUrl,
          saml_idp_slo_url: metadata.sloUrl,
          saml_idp_certs: JSON.stringify(metadata.certs),
          updated_at: now,
        })
        .where('account_id', '=', row.account_id)
        // The admin may have switched to pasted XML meanwhile: only the URL read is replaced.
        .where('saml_metadata_url', '=', row.saml_metadata_url)
        .execute();
      report.refreshed += 1;
    } catch (error) {
      report.failed += 1;
      log({ accountId: row.account_id, error: error instanceof Error ? error.message : 'error' });
    }
  }
  return report;
}

/** Forgets assertion IDs that can no longer be valid and SAML requests long expired. */
export async function sweepSamlState(db: Database): Promise<number> {
  const now = nowIso();
  const seen = await db
    .deleteFrom('sso_seen_assertions')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  const requests = await db
    .deleteFrom('sso_requests')
    .where('protocol', '=', 'saml')
    .where('expires_at', '<', addSeconds(now, -3600))
    .executeTakeFirst();
  return Number(seen.numDeletedRows) + Number(requests.numDeletedRows);
}
