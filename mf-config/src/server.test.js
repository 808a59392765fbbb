const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
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
