// The Chromium that the test command installs (scripts/ensure-chromium.mjs: Debian's
// chromium-headless-shell), for every script that drives a browser; CHROMIUM_PATH overrides it.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
