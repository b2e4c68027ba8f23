/** The areas of the API document, in the order the docs page shows them. */
export const apiTags = [
  {
    name: 'reseller API',
    description: 'For integrators: `/reseller-api/v1`, called with the account’s API key.',
  },
  { name: 'session', description: 'Sign-in, sign-out, session refresh and the CSRF token.' },
  { name: 'two-factor', description: 'The second factor at sign-in, and its settings.' },
  {
    name: 'single sign-on',
    description:
      "SAML 2.0 and OpenID Connect: the account's settings, the SSO sign-in and the identity providers' answers.",
  },
  { name: 'password', description: 'Forgotten, reset and changed passwords.' },
  { name: 'signup', description: 'New reseller accounts: free trial, paid signup, captcha.' },
  { name: 'invited signup', description: 'An invited user sets up their account.' },
  { name: 'reseller', description: 'The signed-in reseller user.' },
  { name: 'reseller home', description: 'The home screen of the reseller console.' },
  { name: 'reseller account', description: 'Account settings, email change, API keys.' },
  { name: 'reseller users', description: 'Users, invitations, CSV import, cancelled users.' },
  { name: 'teams', description: 'Teams of users (administrators and sub-administrators).' },
  { name: 'computers', description: 'Computers, groups, comments and messages.' },
  {
    name: 'billing',
    description: 'Card, invoices, transactions, upgrades, renewal, cancellation.',
  },
  { name: 'tax', description: 'Sales tax, VAT and GST details.' },
  { name: 'activity log', description: 'Who did what in the account.' },
  { name: 'partner', description: 'The partner programme: signup, W-9, profile, reports.' },
  { name: 'system', description: 'Configuration, health, location and data-centre probes.' },
];

export const apiDescription = [
  'The API behind the console (`/rpc-api`, signed in with a session cookie) and the reseller API (`/reseller-api/v1`, signed in with an API key).',
  '',
  'Every success is HTTP 200 with `{"code": 200, "status": "OK", "message": ...}`; every refusal is the `ErrorEnvelope`, whose `errors[0].description` is a machine code.',
  '',
  'A state-changing `/rpc-api` call sends the `X-XSRF-TOKEN` header with the value of the `XSRF-TOKEN` cookie (POST `/rpc-api/csrf` issues one; signing in binds a fresh one to the session). POST bodies are `application/x-www-form-urlencoded` or JSON.',
].join('\n');
