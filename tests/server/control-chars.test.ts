import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '../../src/domain/control-chars';
import { rules } from '../../src/domain/validation';
import { Agent, errorOf } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Control characters are refused in names and every other field, by the rule book (console and
 * server alike) and by the server for every API route in one place; multi-line fields keep their
 * line breaks. The walk covers every route of the route table, so a new route is covered too.
 */

let t: TestApp;
let reseller: Agent;
let partner: Agent;
let apiKey = '';
beforeAll(async () => {
  t = await createTestApp();
  reseller = new Agent(t.app, '10.11.0.1');
  expect((await reseller.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  partner = new Agent(t.app, '10.11.0.2');
  expect((await partner.signIn('partner', 'demopartner')).statusCode).toBe(200);
  apiKey = await resellerApiKey(t.app, 'reseller@example.com', '10.11.0.4');
});
afterAll(() => t.close());

const BELL = 'Help\u0007Desk';

/** Routes that sanitise their own input and must not fail on it: a sign-out always signs out. */
const SANITISED = new Set(['/rpc-api/reseller/logout', '/rpc-api/partner/logout']);

describe('the rule', () => {
  it('refuses C0, DEL and C1 characters; multi-line text keeps tabs and line breaks', () => {
    expect(hasControlChars('ab\u0007c')).toBe(true);
    expect(hasControlChars('a\u0000')).toBe(true);
    expect(hasControlChars('a\u007fb')).toBe(true);
    expect(hasControlChars('a\u009bb')).toBe(true);
    expect(hasControlChars('two\nlines')).toBe(true);
    expect(hasControlChars('two\nlines\tand a tab', true)).toBe(false);
    expect(hasControlChars('bell\u0007', true)).toBe(true);
    expect(hasControlChars('Zürich Łódź 東京')).toBe(false);
  });

  it('every rule refuses them with one message; comments and descriptions keep line breaks', () => {
    expect(rules.groupName(BELL)).toBe(CONTROL_CHARS_MESSAGE);
    expect(rules.computerName(`PC\u001b[31m`)).toBe(CONTROL_CHARS_MESSAGE);
    expect(rules.maxLength256('Acme\u0000 Ltd')).toBe(CONTROL_CHARS_MESSAGE);
    // Where the spec's own check already refuses the character, its message stays.
    expect(rules.city('San\tJose')).toBe(
      'City name can only contain characters A-Z, a-z, 0-9 and space',
    );
    expect(rules.comments('First line\nsecond line')).toBeNull();
    expect(rules.computerDescription('Front desk\r\nby the door')).toBeNull();
    expect(rules.comments('First line\u0007')).toBe(CONTROL_CHARS_MESSAGE);
  });
});

describe('the server', () => {
  it('a sign-out with a control character in its redirect still signs out, on the console', async () => {
    const agent = new Agent(t.app, '10.11.0.3');
    expect((await agent.signIn('reseller', 'subadmin@example.com')).statusCode).toBe(200);
    const response = await agent.request({
      url: '/rpc-api/reseller/logout',
      query: { redirect_url: '/rpc-app/\u0007home' },
    });
    expect(response.statusCode).toBe(302);
    // Kept on the console, the character percent-encoded: harmless in a URL.
    expect(response.headers.location).toBe('/rpc-app/%07home');
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
  });

  it('refuses a group name with a bell (it was accepted) and creates nothing', async () => {
    const response = await reseller.post('/rpc-api/reseller/group/create', { name: BELL });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ message: CONTROL_CHARS_MESSAGE, field: 'name' });
    const row = await t.db
      .selectFrom('computer_groups')
      .select('id')
      .where('name', '=', BELL)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('accepts a computer description on two lines', async () => {
    const response = await reseller.post('/rpc-api/reseller/computer/add', {
      name: 'Two-Line-PC',
      description: 'Front desk\nby the door',
      personalKey: 'Secret-Key9',
      groupId: '',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('every API route refuses a control character in its input with the envelope', async () => {
    const failures: string[] = [];
    let ip = 10;
    let walked = 0;
    for (const route of t.app.routeTable) {
      const isApi = route.url.startsWith('/rpc-api/') || route.url.startsWith('/reseller-api/');
      if (!isApi || route.url.startsWith('/rpc-api/docs') || route.policy === undefined) continue;
      if (route.method !== 'GET' && route.method !== 'POST') continue;
      // The two-factor step needs a half-finished sign-in; its calls are covered by the rules.
      if (route.policy.access === 'twofa-challenge') continue;
      if (SANITISED.has(route.url)) continue;
      walked += 1;
      const field = route.fields[0] ?? 'probe';
      const url = route.url.replace(/:[A-Za-z_]+/g, 'x0');
      const input = { [field]: 'a\u0007b' };
      ip += 1;
      let response;
      if (route.policy.access === 'api-key') {
        response = await t.app.inject({
          method: route.method,
          url,
          headers: { 'x-api-key': apiKey },
          ...(route.method === 'GET' ? { query: input } : { payload: input }),
          remoteAddress: `10.11.1.${String(ip % 250)}`,
        });
      } else {
        const agent = route.policy.access === 'partner' ? partner : reseller;
        response =
          route.method === 'GET'
            ? await agent.request({ url, query: input })
            : await agent.request({ method: 'POST', url, form: input });
      }
      if (response.statusCode !== 400 || errorOf(response)?.message !== CONTROL_CHARS_MESSAGE) {
        failures.push(`${route.method} ${route.url} -> ${String(response.statusCode)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(walked).toBeGreaterThan(100);
  });
});
