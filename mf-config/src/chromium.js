// Debian's Chromium, as the e2e suite and the benchmarks launch it. Browsers are never downloaded;
// without the background-networking flags Chromium keeps dialling out on a closed network.
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The e2e suite's: the same Chromium build as its headless shell (Debian's
 * chromium-headless-shell, the browser Playwright itself runs headless tests in). The same Blink
 * and V8, without the desktop browser around them: a new browser context costs about 0.13
 * CPU-seconds instead of 0.57, and every test opens one or more. The benchmarks keep the full
 * browser, as the people who use the site run it.
 */
const CHROMIUM_HEADLESS_SHELL = {
  ...CHROMIUM,
  executablePath: '/usr/bin/chromium-headless-shell',
};

module.exports = { CHROMIUM, CHROMIUM_HEADLESS_SHELL };
