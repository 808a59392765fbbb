const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { serveApp } = require('./server');
const { parseCsp } = require('./csp');

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (script) =>
  `<!doctype html><html><head><script>${script}</script><script defer src="/main.js"></script></head><body></body></html>`;

const PIN = `sha384-${'A'.repeat(64)}`;
const SWAP = {
  allowedOrigins: ['http://localhost:9081'],
  remotes: {
    swap: {
      name: 'mfe_swap',
      base: 'http://localhost:9081',
      version: '1.0.0',
      integrity: { '1.0.0': PIN },
    },
  },
};
/** Where SWAP's remote code may come from: its pinned version folder. */
const SWAP_FOLDER = 'http://localhost:9081/1.0.0/';

let tmp;
let configDir;
let shellDist;
let remoteDist;
const servers = [];

function writeJson(file, content) {
  fs.writeFileSync(file, JSON.stringify(content));
  const later = new Date(Date.now() + Math.floor(Math.random() * 1e6));
  fs.utimesSync(file, later, later);
}

const networks = (apiUrl) => ({
  profile: 'local',
  version: 'test',
  networks: {
    TRON: {
      id: 'TRON',
      platform: 'tron',
      nodeUrl: 'http://127.0.0.1:9090',
      api: { url: apiUrl, ownerAddress: '' },
      tokens: {},
    },
    BSC: {
      id: 'BSC',
      platform: 'evm',
      nodeUrl: 'http://127.0.0.1:9546',
      nodeUrls: ['http://127.0.0.1:9546'],
      api: { url: apiUrl, ownerAddress: '' },
      tokens: {},
    },
  },
});

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-server-csp-'));
  configDir = path.join(tmp, 'config');
  shellDist = path.join(tmp, 'shell');
  remoteDist = path.join(tmp, 'mfe-swap');
  for (const d of [configDir, `${shellDist}/app`, `${shellDist}/widget`, `${remoteDist}/1.0.0`])
    fs.mkdirSync(d, { recursive: true });
  for (const [name, script] of [
    ['index', 'headStart("/")'],
    ['charts', 'headStart("/charts")'],
    ['404', 'headStart("/404")'],
  ]) {
    const file = path.join(shellDist, 'app', `${name}.html`);
    fs.writeFileSync(file, page(script));
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(page(script)));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(page(script)));
  }
  fs.writeFileSync(path.join(shellDist, 'app/main.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shellDist, 'widget/index.html'), '<div id="root"></div>');
  fs.writeFileSync(
    path.join(remoteDist, '1.0.0/index.html'),
    '<script defer src="main.js"></script><div id="root"></div>',
  );
  writeJson(path.join(configDir, 'remotes.json'), SWAP);
  writeJson(path.join(configDir, 'networks.json'), networks('http://localhost:9070'));
  writeJson(path.join(configDir, 'widget.json'), { allowedHosts: ['http://localhost:9088'] });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(app, options = {}) {
  const dist = app === 'shell' ? shellDist : remoteDist;
  const server = await serveApp(app, { port: 0, configDir, dist, ...options });
  servers.push(server);
  return `http://127.0.0.1:${server.server.address().port}`;
}

describe('the Content-Security-Policy on html responses', () => {
  let shell;
  beforeAll(async () => {
    shell = await start('shell');
  });

  it.each([
    ['/', 'headStart("/")'],
    ['/charts', 'headStart("/charts")'],
    ['/charts.html', 'headStart("/charts")'],
    ['/no-such-page', 'headStart("/404")'],
  ])('%s: the policy, with the hash of the page’s own inline script', async (url, script) => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${shell}${url}`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'", SWAP_FOLDER, sha256(script)]);
      expect(csp['connect-src']).toEqual([
        "'self'",
        'http://127.0.0.1:9090',
        'http://127.0.0.1:9546',
        'http://localhost:9070',
        'http://localhost:9081',
      ]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['report-uri']).toEqual(['http://localhost:9070/v1/client-report']);
      // Over http the Reporting API is not named (it would silence report-uri).
      expect(csp['report-to']).toBeUndefined();
      expect(res.headers.get('reporting-endpoints')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('over https (a trusted proxy’s X-Forwarded-Proto): report-to and Reporting-Endpoints too', async () => {
    const proxied = await start('shell', { trustProxy: true });
    const res = await fetch(`${proxied}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp['report-uri']).toEqual(['http://localhost:9070/v1/client-report']);
    expect(csp['report-to']).toEqual(['jmswap']);
    expect(res.headers.get('reporting-endpoints')).toBe(
      'jmswap="http://localhost:9070/v1/client-report"',
    );
    // Not believed without --trust-proxy.
    const direct = await fetch(`${shell}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(direct.headers.get('reporting-endpoints')).toBeNull();
  });

  it('the widget page: framed by widget.json’s hosts only, partners’ https images', async () => {
    const res = await fetch(`${shell}/widget?n=BSC`);
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(['http://localhost:9088']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['script-src']).toEqual(["'self'", SWAP_FOLDER]);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('a HEAD and a range of a page carry it too', async () => {
    const head = await fetch(`${shell}/`, { method: 'HEAD' });
    expect(head.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const range = await fetch(`${shell}/index.html`, {
      headers: { Range: 'bytes=0-9', 'Accept-Encoding': 'identity' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('an svg or xml document gets the policy too: opened on its own, it is a page', async () => {
    // An svg opened by itself runs its <script>; xml may pull an xml-stylesheet.
    fs.writeFileSync(
      path.join(remoteDist, '1.0.0/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
    );
    fs.writeFileSync(path.join(remoteDist, '1.0.0/feed.xml'), '<?xml version="1.0"?><a/>');
    const remote = await start('mfe-swap');
    for (const url of [`${shell}/assets/currency/jm.svg`, `${remote}/1.0.0/logo.svg`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      // No inline script hash: the svg's own script is refused.
      expect(csp['script-src']).toEqual(["'self'", SWAP_FOLDER]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
    }
    const xml = await fetch(`${remote}/1.0.0/feed.xml`);
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    expect(parseCsp(xml.headers.get('content-security-policy'))['script-src']).toEqual([
      "'self'",
      SWAP_FOLDER,
    ]);
  });

  it('other responses keep frame-ancestors alone', async () => {
    for (const url of ['/main.js', '/config/networks.json']) {
      const res = await fetch(`${shell}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(res.headers.get('reporting-endpoints')).toBeNull();
    }
  });

  it('a remote’s standalone page gets it', async () => {
    const remote = await start('mfe-swap');
    const res = await fetch(`${remote}/1.0.0/`);
    expect(res.status).toBe(200);
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", SWAP_FOLDER]);
    expect(csp['object-src']).toEqual(["'none'"]);
    const named = await fetch(`${remote}/1.0.0/index.html`, { method: 'HEAD' });
    expect(named.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });

  it('follows remotes.json and networks.json as they change, without a restart', async () => {
    const before = parseCsp((await fetch(`${shell}/`)).headers.get('content-security-policy'));
    expect(before['script-src']).not.toContain('https://cdn.example');
    writeJson(path.join(configDir, 'remotes.json'), {
      allowedOrigins: ['http://localhost:9081', 'https://cdn.example'],
      remotes: {
        swap: {
          name: 'mfe_swap',
          base: 'https://cdn.example/swap',
          version: '1.0.1',
          integrity: { '1.0.1': PIN },
        },
      },
    });
    writeJson(path.join(configDir, 'networks.json'), networks('https://api.example'));
    try {
      const res = await fetch(`${shell}/`);
      expect(res.headers.get('reporting-endpoints')).toBeNull();
      const after = parseCsp(res.headers.get('content-security-policy'));
      expect(after['script-src']).toEqual([
        "'self'",
        'https://cdn.example/swap/1.0.1/',
        sha256('headStart("/")'),
      ]);
      expect(after['report-uri']).toEqual(['https://api.example/v1/client-report']);
      expect(after['connect-src']).toContain('https://api.example');
    } finally {
      writeJson(path.join(configDir, 'remotes.json'), SWAP);
      writeJson(path.join(configDir, 'networks.json'), networks('http://localhost:9070'));
    }
  });

  it('--no-csp (csp: false): html pages keep frame-ancestors only', async () => {
    const plain = await start('shell', { csp: false });
    for (const url of ['/', '/widget']) {
      const res = await fetch(`${plain}${url}`);
      expect(res.headers.get('content-security-policy')).toMatch(/^frame-ancestors [^;]+$/);
      expect(res.headers.get('reporting-endpoints')).toBeNull();
    }
  });
});
