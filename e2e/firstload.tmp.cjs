const { chromium } = require('@playwright/test');
const { gzipSync } = require('zlib');
(async () => {
  const { CHROMIUM } = require('@jmswap/mf-config');
  const browser = await chromium.launch(CHROMIUM);
  for (const path of process.argv.slice(2)) {
    const page = await browser.newPage();
    const sizes = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      sizes.push([res.url(), gzipSync(body, { level: 9 }).length]);
    });
    await page.goto('http://localhost:9080' + path);
    await page.waitForTimeout(4000);
    const total = sizes.reduce((a, b) => a + b[1], 0);
    console.log(path, (total / 1024).toFixed(1), 'KiB');
    for (const [u, s] of sizes.sort((a, b) => b[1] - a[1])) console.log('  ', (s / 1024).toFixed(1), u);
    await page.close();
  }
  await browser.close();
})();
