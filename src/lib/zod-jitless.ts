/**
 * The console's Content-Security-Policy allows no eval. zod's object parsers probe for
 * `new Function` to compile themselves, and the browser reports each probe as a CSP violation
 * (Lighthouse's best-practices audit counts it). Jitless parsing skips the probe.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` (so that copies of zod share
 * it) and starts from what is there. Setting it here, in main.tsx's first import, configures zod
 * before any schema runs without pulling zod into the entry chunk as `z.config()` would (3.7 KB
 * on the sign-in page). tests/e2e/browser-issues.spec.ts fails if the probe comes back.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
