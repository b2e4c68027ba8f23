import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { Agent } from '../../tests/server/helpers/agent';
import { Walk } from '../../tests/server/helpers/activity-walk';
import { walkSteps } from '../../tests/server/helpers/activity-walk-steps';
import { createTestApp } from '../../tests/server/helpers/test-app';
import { queries } from './gets';
import { afterWalk, beforeWalk } from './calls';
import { Recorder, type Document, type Example } from './recorder';

/**
 * Records the OpenAPI document's examples from the demo server's real answers:
 * `npx tsx scripts/openapi-examples/capture.ts` (it writes the file formatted as `npm run lint`
 * checks it).
 *
 * Why captured, not written: 150 operations' answers hand-written would drift from the server
 * with every field added, and a blob nobody ran can be valid against its schema and still say
 * something the server never answers. Here a fresh demo seed (Acme Remote Services,
 * reseller@example.com, the partner demopartner) answers each GET as its console would ask, and
 * each state-changing call is made once with a valid body: the activity-log walk's calls
 * (tests/server/helpers/activity-walk*.ts) and a few more (calls.ts). The first success of each
 * operation is kept, lists cut to three items. server/plugins/openapi-examples.ts attaches them
 * by operationId; tests/server/openapi-examples.test.ts holds every operation to having one and
 * every example to its schema, so re-run this when an answer's shape changes.
 */

const OUT = path.join(import.meta.dirname, '../../server/plugins/openapi-examples.json');

/** The walk's made-up names, read as the demo account's own. */
const RENAMES: [RegExp, string][] = [
  [/(@|%40)walk\.example\.com/g, '$1acme-remote.example.com'],
  [/(trial|paid)\.walk@/g, 'alex.$1@'],
  [/Walk-PC-0(\d)/g, 'HQ-LT-0$1'],
  [/Walk bench/g, 'Loaner laptop'],
  [/Walk Team/g, 'Field Support'],
  [/Walk Crew/g, 'Field Crew'],
  [/Walk Group/g, 'Branch Office'],
  [/Walk Bay/g, 'Branch Office East'],
  [/Walkabout/g, 'Walker'],
  [/Walk@/g, 'Field@'],
  [/idp\.walk\.example\//g, 'idp.acme-remote.example.com/'],
  // The console's address as a deployment would have it, not the capture's local one.
  [/http:\/\/localhost:8080/g, 'https://console.example.com'],
  // A key of a database thrown away after the capture, shown as an obvious stand-in.
  [/rsk_[\w-]{43}/g, `rsk_${'EXAMPLE0'.repeat(5)}KEY`],
];

/**
 * Examples no call of the capture can give: the identity provider's signed SAML answer (the
 * browser posts it; recorded, it would be kilobytes of base64), shown by its opening element.
 */
const STATED: Record<string, Example> = {
  consumeSamlResponse: {
    request: {
      SAMLResponse: Buffer.from(
        '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" Destination="https://console.example.com/rpc-api/sso/saml/…/acs">…</samlp:Response>',
      ).toString('base64'),
    },
  },
};

const t = await createTestApp();
try {
  const document = (await t.app.inject({ url: '/rpc-api/openapi.json' })).json<Document>();
  const recorder = new Recorder(document);
  recorder.watch(t.app);
  const w = new Walk(t);
  w.admin = await w.signedIn('reseller@example.com');
  w.eu = await w.signedIn('eu@example.com');
  const partner = new Agent(t.app, '10.79.0.2');
  await partner.signIn('partner', 'partner@example.com');
  const visitor = new Agent(t.app, '10.79.0.3');

  const gets = Object.values(document.paths).flatMap((methods) =>
    methods.get ? [methods.get] : [],
  );
  const agentFor = (security: unknown): Agent => {
    const schemes = JSON.stringify(security ?? []);
    if (schemes.includes('resellerSession')) return w.admin;
    if (schemes.includes('partnerSession')) return partner;
    return visitor;
  };
  const pathOf = new Map(
    Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.values(methods).map((op) => [op, url] as const),
    ),
  );
  // Twice: a query naming a record reads it from an answer recorded on the first round.
  for (let round = 0; round < 2; round += 1) {
    for (const op of gets) {
      const url = pathOf.get(op) ?? '';
      if (recorder.examples.has(op.operationId) || url.includes('{') || url.includes('logout')) {
        continue;
      }
      let query: Record<string, string> = {};
      try {
        query = queries[op.operationId]?.(recorder) ?? {};
      } catch {
        continue;
      }
      await agentFor((op as { security?: unknown }).security).get(url, query);
    }
  }
  for (const call of beforeWalk) await call({ w, partner, recorder });
  for (const step of walkSteps) {
    await step.prepare?.(w);
    await step.run(w);
  }
  for (const call of afterWalk) await call({ w, partner, recorder });

  for (const [operationId, example] of Object.entries(STATED)) {
    recorder.examples.set(operationId, example);
  }
  let text = JSON.stringify(Object.fromEntries([...recorder.examples].sort()), null, 2);
  for (const [pattern, name] of RENAMES) text = text.replace(pattern, name);
  // Formatted here, as the lint's format check wants it: a capture needs no second step.
  const options = { ...(await resolveConfig(OUT)), filepath: OUT };
  fs.writeFileSync(OUT, await format(`${text}\n`, options));
  const missing = Object.values(document.paths)
    .flatMap((methods) => Object.values(methods))
    .map((op) => op.operationId)
    .filter((id) => !recorder.examples.has(id));
  console.log(`${String(recorder.examples.size)} operations recorded in ${OUT}`);
  console.log(`not recorded (no JSON, or an example in the schema): ${missing.join(', ')}`);
  for (const problem of recorder.problems) console.log(`problem: ${problem}`);
  // An example outside its schema would fail tests/server/openapi-examples.test.ts: say so here.
  if (recorder.problems.length > 0) process.exitCode = 1;
} finally {
  await t.close();
}
