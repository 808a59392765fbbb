const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { serveApp } = require('./server');
const { defaultRemotesFile, writeRemotesFile, readRemotesFile } = require('./remotes-file');

let configDir;
beforeAll(() => {
  configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-config-'));
});

describe('app server', () => {
  it('serves /config with no-cache and CORS, falling back to the built-in defaults', async () => {
    const server = await serveApp('mfe-pools', { port: 0, configDir });
    const port = server.server.address().port;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/config/networks.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect((await res.json()).profile).toBe('production');
      const remotes = await (await fetch(`http://127.0.0.1:${port}/config/remotes.json`)).json();
      expect(remotes.remotes.swap).toEqual({
        name: 'mfe_swap',
        base: 'http://localhost:8081',
        version: '1.0.0',
      });
      expect((await fetch(`http://127.0.0.1:${port}/config/secrets.json`)).status).toBe(404);
      const preflight = await fetch(`http://127.0.0.1:${port}/1.0.0/mf-manifest.json`, {
        method: 'OPTIONS',
      });
      expect(preflight.status).toBe(204);
      expect((await fetch(`http://127.0.0.1:${port}/assets/currency/jm.svg`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('sends /config compressed to a browser that accepts it, and plain to one that does not', async () => {
    const server = await serveApp('shell', { port: 0, configDir });
    const port = server.server.address().port;
    const get = (encoding) =>
      new Promise((resolve, reject) => {
        const headers = encoding ? { 'Accept-Encoding': encoding } : {};
        http
          .get({ port, path: '/config/networks.json', headers }, (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    try {
      const plain = await get(undefined);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const networks = JSON.parse(plain.body.toString());
      expect(networks.profile).toBe('production');
      const br = await get('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(networks);
      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(networks);
    } finally {
      await server.close();
    }
  });

  it('prefers the runtime config folder over the defaults', async () => {
    const custom = defaultRemotesFile();
    custom.remotes.swap.version = '0.9.0';
    writeRemotesFile(custom, configDir);
    expect(readRemotesFile(configDir).remotes.swap.version).toBe('0.9.0');
    const server = await serveApp('shell', { port: 0, configDir });
    const port = server.server.address().port;
    try {
      const remotes = await (await fetch(`http://127.0.0.1:${port}/config/remotes.json`)).json();
      expect(remotes.remotes.swap.version).toBe('0.9.0');
    } finally {
      await server.close();
    }
  });
});

describe('/config/: the config files the site defines, nothing else', () => {
  const { CONFIG_FILES } = require('./server');
  let dir;
  let server;
  let base;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-config-list-'));
    // What an operator's folder may hold beside the config: secrets, editors' backups, a repo.
    fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(defaultRemotesFile()));
    for (const name of [
      '.env',
      '.remotes.json.swp',
      'remotes.json~',
      'remotes.json.bak',
      'networks.json.orig',
      '#widget.json#',
      'secrets.json',
      'notes.txt',
    ])
      fs.writeFileSync(path.join(dir, name), 'PRIVATE_KEY=0xdead');
    fs.mkdirSync(path.join(dir, '.git'));
    fs.writeFileSync(path.join(dir, '.git/config'), 'PRIVATE');
    fs.mkdirSync(path.join(dir, 'old'));
    fs.writeFileSync(path.join(dir, 'old/remotes.json'), 'PRIVATE');
    server = await serveApp('shell', { port: 0, configDir: dir });
    base = `http://127.0.0.1:${server.server.address().port}/config/`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists exactly the files the shell, the widget and the remotes read', () => {
    expect(Object.keys(CONFIG_FILES).sort()).toEqual([
      'networks.json',
      'remotes.json',
      'site.json',
      'widget.json',
    ]);
  });

  it('serves site.json from the folder, or no settings (every one at its default)', async () => {
    expect(await (await fetch(base + 'site.json')).json()).toEqual({});
    fs.writeFileSync(
      path.join(dir, 'site.json'),
      JSON.stringify({ deckUrl: 'https://deck.example/' }),
    );
    try {
      expect(await (await fetch(base + 'site.json')).json()).toEqual({
        deckUrl: 'https://deck.example/',
      });
    } finally {
      fs.rmSync(path.join(dir, 'site.json'));
    }
  });

  it('serves each of them, from the folder or its default', async () => {
    for (const name of Object.keys(CONFIG_FILES)) {
      const res = await fetch(base + name);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expect.any(Object));
    }
  });

  it.each([
    '.env',
    '%2Eenv',
    '.remotes.json.swp',
    'remotes.json~',
    'remotes.json.bak',
    'networks.json.orig',
    '%23widget.json%23',
    'secrets.json',
    'notes.txt',
    '.git/config',
    'old/remotes.json',
    'x/../secrets.json',
    '%2e%2e/config/secrets.json',
    '',
  ])('never serves /config/%s', async (name) => {
    const res = await fetch(base + name);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('PRIVATE');
  });
});

describe('served as a CDN would serve it', () => {
  const zlib = require('node:zlib');
  const http = require('node:http');
  const version = '0.0.0-servertest';
  const folder = path.join(__dirname, '../../mfe-pools/dist', version);
  const body = 'export const big = "' + 'x'.repeat(4096) + '";\n';

  beforeAll(() => {
    fs.mkdirSync(folder, { recursive: true });
    for (const name of ['chunk.1234abcd.js', 'remoteEntry.js']) {
      fs.writeFileSync(path.join(folder, name), body);
      fs.writeFileSync(path.join(folder, `${name}.gz`), zlib.gzipSync(body));
      fs.writeFileSync(path.join(folder, `${name}.br`), zlib.brotliCompressSync(body));
    }
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** Raw response (no transparent decompression), as a browser sees it on the wire. */
  const get = (port, file, encoding) =>
    new Promise((resolve, reject) => {
      const headers = encoding ? { 'Accept-Encoding': encoding } : {};
      http
        .get({ port, path: `/${version}/${file}`, headers }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('sends the brotli or gzip file the build wrote, and content-hashed files as immutable', async () => {
    const server = await serveApp('mfe-pools', { port: 0, configDir });
    const port = server.server.address().port;
    try {
      const br = await get(port, 'chunk.1234abcd.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(body);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const gz = await get(port, 'chunk.1234abcd.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).toString()).toBe(body);

      const raw = await get(port, 'chunk.1234abcd.js');
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body.toString()).toBe(body);

      // The entry keeps its name across releases of a version folder: always revalidated.
      const entry = await get(port, 'remoteEntry.js', 'br');
      expect(entry.headers['cache-control']).toBe('no-cache');
    } finally {
      await server.close();
    }
  });
});

it('answers 503 with what to do when the shell is not built, instead of hanging', async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-unbuilt-'));
  const server = await serveApp('shell', { port: 0, dist });
  try {
    const res = await fetch(`http://127.0.0.1:${server.server.address().port}/pools`);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/not built yet: run `npm run build`/);
  } finally {
    await server.close();
  }
});

it('sends each shell route its prerendered page, and any other path the 404 page, never cached', async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-prerendered-'));
  fs.mkdirSync(path.join(dist, 'app'));
  for (const page of ['index', 'charts', '404'])
    fs.writeFileSync(path.join(dist, 'app', `${page}.html`), `<p>${page} page</p>`);
  const server = await serveApp('shell', { port: 0, dist, configDir });
  const url = `http://127.0.0.1:${server.server.address().port}`;
  try {
    for (const [pathname, page] of [
      ['/', 'index'],
      ['/?n=BSC', 'index'],
      ['/charts?n=POLY', 'charts'],
      ['/no-such-page', '404'],
    ]) {
      const res = await fetch(url + pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(`<p>${page} page</p>`);
    }
  } finally {
    await server.close();
  }
});

describe('what a request cannot make the server do', () => {
  const version = '0.0.0-rangetest';
  const folder = path.join(__dirname, '../../mfe-pools/dist', version);
  const body = '0123456789abcdefghij'; // 20 bytes
  let server;
  let port;

  beforeAll(async () => {
    fs.mkdirSync(path.join(folder, '.git'), { recursive: true });
    fs.writeFileSync(path.join(folder, 'data.txt'), body);
    fs.writeFileSync(path.join(folder, 'main.12345678.js'), body);
    fs.writeFileSync(path.join(folder, 'main.12345678.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(folder, '.env'), 'SECRET=1');
    fs.writeFileSync(path.join(folder, '.git/config'), '[core]');
    server = await serveApp('mfe-pools', { port: 0, configDir });
    port = server.server.address().port;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const get = (file, headers = {}) =>
    fetch(`http://127.0.0.1:${port}/${version}/${file}`, { headers }).then(async (res) => ({
      status: res.status,
      headers: res.headers,
      text: await res.text(),
    }));

  it('answers odd ranges correctly or with 416, and keeps serving afterwards', async () => {
    const reversed = await get('data.txt', { Range: 'bytes=10-2' });
    expect(reversed.status).toBe(416);
    expect(reversed.headers.get('content-range')).toBe('bytes */20');

    const first = await get('data.txt', { Range: 'bytes=0-0' });
    expect(first.status).toBe(206);
    expect(first.text).toBe('0');
    expect(first.headers.get('content-range')).toBe('bytes 0-0/20');

    const last3 = await get('data.txt', { Range: 'bytes=-3' });
    expect(last3.status).toBe(206);
    expect(last3.text).toBe('hij');
    expect(last3.headers.get('content-range')).toBe('bytes 17-19/20');

    const middle = await get('main.12345678.js', { Range: 'bytes=5-9' });
    expect(middle.text).toBe('56789');
    expect(middle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('data.txt', { Range: 'bytes=15-999' })).text).toBe('fghij');

    expect((await get('data.txt', { Range: 'abc' })).status).toBe(416);
    expect((await get('data.txt', { Range: 'bytes=999999-' })).status).toBe(416);
    expect((await get('data.txt', { Range: 'bytes=-0' })).status).toBe(416);
    expect((await get('data.txt', { Range: 'bytes=99999999999999999999-' })).status).toBe(416);
    // Several ranges: the whole file, as RFC 9110 allows.
    const several = await get('data.txt', { Range: 'bytes=0-1, 5-6' });
    expect([several.status, several.text]).toEqual([200, body]);
    // A range on a version the client does not hold: the whole current file.
    const stale = await get('data.txt', {
      Range: 'bytes=0-1',
      'If-Range': 'Wed, 01 Jan 2020 00:00:00 GMT',
    });
    expect([stale.status, stale.text]).toEqual([200, body]);

    const normal = await get('data.txt');
    expect([normal.status, normal.text]).toEqual([200, body]);
  });

  it('serves no dotfiles and no source maps unless told to', async () => {
    expect((await get('.env')).status).toBe(404);
    expect((await get('.git/config')).status).toBe(404);
    expect((await get('%2Eenv')).status).toBe(404);
    expect((await get('main.12345678.js.map')).status).toBe(404);
    const withMaps = await serveApp('mfe-pools', { port: 0, configDir, sourceMaps: true });
    try {
      const res = await fetch(
        `http://127.0.0.1:${withMaps.server.address().port}/${version}/main.12345678.js.map`,
      );
      expect(res.status).toBe(200);
      expect(
        (await fetch(`http://127.0.0.1:${withMaps.server.address().port}/${version}/.env`)).status,
      ).toBe(404);
    } finally {
      await withMaps.close();
    }
  });

  it('sends Referrer-Policy and Permissions-Policy, and HSTS only over https', async () => {
    const plain = await get('data.txt', { 'X-Forwarded-Proto': 'https' });
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    // A client cannot switch HSTS on by claiming https.
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = await serveApp('mfe-pools', { port: 0, configDir, trustProxy: true });
    try {
      const url = `http://127.0.0.1:${proxied.server.address().port}/${version}/data.txt`;
      const viaHttps = await fetch(url, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(viaHttps.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const viaHttp = await fetch(url, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(viaHttp.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe('what an operator sees', () => {
  const { Writable } = require('node:stream');
  const pino = require('pino');

  it('logs one JSON line per request and counts requests, bytes and 404s on a loopback metrics port', async () => {
    const lines = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(
          ...chunk
            .toString()
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        );
        done();
      },
    });
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-observe-'));
    fs.mkdirSync(path.join(dist, 'app'));
    fs.writeFileSync(path.join(dist, 'app', 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(dist, 'app', '404.html'), '<p>404 page</p>');
    const server = await serveApp('shell', {
      port: 0,
      dist,
      configDir,
      logger: pino({ base: { app: 'shell' } }, sink),
      metricsPort: 0,
    });
    const url = `http://127.0.0.1:${server.server.address().port}`;
    const metricsUrl = `http://127.0.0.1:${server.metrics.address().port}/metrics`;
    const scrape = async () => (await fetch(metricsUrl)).text();
    try {
      expect(await scrape()).not.toMatch(/jmswap_static_requests_total\{status="200"/);
      await (await fetch(`${url}/`)).text();
      await (await fetch(`${url}/no-such-page?a=0xabc`)).text();
      expect((await fetch(`${url}/config/nothing.json`)).status).toBe(404);
      const text = await scrape();
      expect(text).toMatch(/jmswap_static_requests_total\{status="200",app="shell"\} 2/);
      expect(text).toMatch(/jmswap_static_requests_total\{status="404",app="shell"\} 1/);
      expect(text).toMatch(/jmswap_static_not_found_total\{app="shell"\} 2/);
      const sent = Number(/jmswap_static_response_bytes_total\{app="shell"\} (\d+)/.exec(text)[1]);
      expect(sent).toBe('<p>home</p>'.length + '<p>404 page</p>'.length + 'not found'.length);
      // The metrics are not on the public port: there /metrics is just a missing page.
      expect(await (await fetch(`${url}/metrics`)).text()).toBe('<p>404 page</p>');

      await new Promise((r) => setTimeout(r, 50));
      const requests = lines.filter((l) => l.msg === 'request completed');
      expect(requests.map((l) => [l.url, l.statusCode, l.level, l.app])).toEqual([
        ['/', 200, 30, 'shell'],
        ['/no-such-page', 200, 30, 'shell'],
        ['/config/nothing.json', 404, 30, 'shell'],
        ['/metrics', 200, 30, 'shell'],
      ]);
      expect(requests.every((l) => typeof l.reqId === 'string' && l.responseTime >= 0)).toBe(true);
      expect(JSON.stringify(lines)).not.toMatch(/0xabc/);
    } finally {
      await server.close();
    }
  });
});
