// npm run bench:picker (after `npm start`'s build): the token picker's figures in Chromium on the
// local stack, with BSC given a token list of 10 000 tokens (the Token Lists format's maximum)
// besides its configured ones:
//  - opening the picker from the swap box's sell button: the time until its rows are drawn (the
//    first open, which also loads the list's code, and the later ones), and the main thread's
//    work for it (Chromium's TaskDuration);
//  - typing one character in its search over the 10 001+ tokens, then clearing it: the same two
//    figures per keystroke;
// each at 1x and under 4x CPU throttling (Emulation.setCPUThrottlingRate), beside the goal (16 ms
// of main-thread work at 4x). The list comes from a loopback server of its own; networks.json
// is put back afterwards. `--profile large`: on the devnet's large profile (643 listed tokens on
// BSC) besides the list. Figures only; nothing here asserts.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import {
  pinRemotes,
  profileFromArgs,
  serveAll,
  startDevnet,
  writeRuntimeConfig,
} from './stack.mjs';
import { settled, taskMs } from './bench-page.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const { CHROMIUM, runConfigDir } = require('@jmswap/mf-config');

const TOKENS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_CPU_PROFILE=<folder>: Chromium's CPU profile of each step's first measurement at 4x
 * (`picker-<step>.cpuprofile` and `.trace.json`, for DevTools' Performance panel); then only 4x is run. */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const profiled = new Set();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

/** A deterministic list of TOKENS tokens on `chainId`: 3-5 letter symbols, two-word names. */
function tokenList(chainId) {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const words = ['Moon', 'Safe', 'Baby', 'Doge', 'Inu', 'Cake', 'Floki', 'Pepe', 'Rocket', 'Gold'];
  const tokens = [];
  for (let i = 0; i < TOKENS; i++) {
    let symbol = '';
    for (let n = 3 + (next() % 3); n > 0; n--) symbol += letters[next() % 26];
    const address = `0x${(i + 1).toString(16).padStart(8, '0')}${'b'.repeat(32)}`;
    const name = `${words[next() % words.length]} ${words[next() % words.length]} ${i}`;
    tokens.push({ chainId, address, name, symbol, decimals: 18 });
  }
  // One symbol no other has: the bench waits for it to know the list is loaded.
  tokens[TOKENS - 1].symbol = 'ZZLAST';
  return {
    name: 'Bench Ten Thousand',
    timestamp: '2026-01-01T00:00:00.000Z',
    version: { major: 1, minor: 0, patch: 0 },
    tokens,
  };
}

writeRuntimeConfig();
pinRemotes();
const profile = profileFromArgs() ?? 'default';
const devnet = await startDevnet({ profile, log: () => undefined });
const networksFile = join(runConfigDir, 'networks.json');
const original = readFileSync(networksFile, 'utf8');
const restore = () => writeFileSync(networksFile, original);
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});
const file = JSON.parse(original);
// The list from a server of its own on loopback, as a deployment's list host (the site serves
// only its own config files under /config/; the CSP allows a list's origin from networks.json).
const listBody = JSON.stringify(tokenList(file.networks.BSC.chainId));
const listServer = createServer((req, res) =>
  res
    .writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' })
    .end(listBody),
);
await new Promise((resolve) => listServer.listen(0, '127.0.0.1', resolve));
file.networks.BSC.tokenLists = [
  { url: `http://127.0.0.1:${listServer.address().port}/bench-picker-list.json` },
];
writeFileSync(networksFile, JSON.stringify(file, null, 2));

/**
 * Runs `action` in the page and measures it until the next frame is drawn: its wall time (ms)
 * and the main thread's work meanwhile.
 */
async function measure(page, cdp, action, arg) {
  await settled(page);
  const name = `${action.name}-${arg ?? ''}`;
  const profiling = PROFILE_DIR && !profiled.has(name);
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page
      .context()
      .browser()
      .startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
  }
  const before = await taskMs(cdp);
  const wall = await page.evaluate(action, arg);
  const work = (await taskMs(cdp)) - before;
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    const trace = await page.context().browser().stopTracing();
    writeFileSync(join(PROFILE_DIR, `picker-${name}.trace.json`), trace);
    profiled.add(name);
    writeFileSync(join(PROFILE_DIR, `picker-${name}.cpuprofile`), JSON.stringify(profile));
  }
  return { wall, work };
}

/** Opens the picker from the sell button; resolves when its rows are drawn. */
async function openPicker() {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const started = performance.now();
  document.querySelector('[data-remote="swap"] [data-testid="token-button"]').click();
  while (!document.querySelector('[data-testid="token-picker"] [role="option"]')) {
    if (performance.now() - started > 20_000) throw new Error('the picker showed no rows');
    await frame();
  }
  await frame();
  return performance.now() - started;
}

/** Types `text` into the picker's search as one input event; resolves at the next frame. */
async function typeSearch(text) {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const input = document.querySelector('[data-testid="token-picker"] input[type="search"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const started = performance.now();
  setValue.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await frame();
  return performance.now() - started;
}

const servers = await serveAll();
const browser = await chromium.launch(CHROMIUM);
const rows = [];
try {
  for (const rate of PROFILE_DIR ? [4] : [1, 4]) {
    const figures = { first: [], open: [], type: [], clear: [] };
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto('http://localhost:8080/?n=BSC&from=BNB&to=USDT');
      await page.getByTestId('price-from').filter({ hasText: /\d/ }).waitFor();
      // The list loaded: its last token is found (then the picker closed again).
      const picker = page.getByTestId('token-picker');
      const button = page.locator('[data-remote="swap"] [data-testid="token-button"]').first();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      console.log(`${rate}x CPU, page ${run + 1}/${RUNS}`);
      figures.first.push(await measure(page, cdp, openPicker));
      await picker.getByRole('combobox').fill('ZZLAST');
      await picker.locator('[role="option"]').first().filter({ hasText: 'ZZLAST' }).waitFor();
      await picker.getByRole('button', { name: 'Close' }).click();
      await picker.waitFor({ state: 'hidden' });
      await button.waitFor();
      figures.open.push(await measure(page, cdp, openPicker));
      for (const letter of ['b', 'm', 'z']) {
        figures.type.push(await measure(page, cdp, typeSearch, letter));
        figures.clear.push(await measure(page, cdp, typeSearch, ''));
      }
      await page.close();
    }
    const line = (what, xs) =>
      rows.push({
        what,
        rate,
        wall: median(xs.map((x) => x.wall)),
        work: median(xs.map((x) => x.work)),
      });
    line('first open (code loaded)', figures.first);
    line('open', figures.open);
    line('type one character', figures.type);
    line('clear the search (every token again)', figures.clear);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
  listServer.close();
  restore();
  devnet?.kill('SIGINT');
}

console.log(
  `\nToken picker, ${profile} profile, BSC with a list of ${TOKENS} tokens; median of ${RUNS} pages`,
);
console.log('| figure | CPU | until drawn | main-thread work | goal |');
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.what} | ${r.rate}x | ${ms(r.wall)} | ${ms(r.work)} | ${r.rate === 4 && r.what !== 'first open (code loaded)' ? '16 ms work' : ''} |`,
  );
console.log(`load average ${loadavg()[0].toFixed(1)}`);
