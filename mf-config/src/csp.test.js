const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const {
  buildCsp,
  parseCsp,
  inlineScripts,
  inlineStyles,
  reportUriFor,
  reportingEndpoints,
  reportingApiFor,
} = require('./csp');
const { createCspSource, htmlPage } = require('./csp-source');

const PIN = `sha384-${'A'.repeat(64)}`;
/** The pinned version folders the policy names (remotesFile's swap and charts). */
const FOLDERS = [
  'https://swap.cdn.example/1.2.0/',
  'https://swap.cdn.example/1.1.0/',
  'https://charts.cdn.example/team/charts/1.0.0/',
];

const remotesFile = {
  allowedOrigins: ['https://swap.cdn.example', 'https://charts.cdn.example/', 'ftp://x.example'],
  remotes: {
    swap: {
      name: 'mfe_swap',
      base: 'https://swap.cdn.example/',
      version: '1.2.0',
      fallbackVersion: '1.1.0',
      // Not pinned: the shell would not run it, the policy does not name it.
      canary: { version: '1.3.0', percent: 5 },
      integrity: { '1.2.0': PIN, '1.1.0': PIN },
    },
    charts: {
      name: 'mfe_charts',
      base: 'https://charts.cdn.example/team/charts',
      version: '1.0.0',
      integrity: { '1.0.0': PIN },
    },
    // Off allowedOrigins: refused by the shell, so nothing here either.
    pools: {
      name: 'mfe_pools',
      base: 'https://pools.cdn.example:8443/team',
      version: '2.0.0',
      integrity: { '2.0.0': PIN },
    },
    // Not loaded by the shell (no version): adds nothing.
    listing: { name: 'mfe_listing', base: 'https://listing.cdn.example' },
  },
};

const network = (id, platform, extra) => ({
  id,
  platform,
  nodeUrl: '',
  api: { url: '', ownerAddress: '' },
  tokens: {},
  ...extra,
});
const networks = {
  profile: 'production',
  version: 'test',
  networks: {
    TRON: network('TRON', 'tron', {
      nodeUrl: 'https://api.trongrid.io',
      nodeUrls: ['https://api.trongrid.io/', 'https://tron-rpc.publicnode.com', 'wss://tron.ws'],
      api: { url: 'https://api.jmswap.example/', ownerAddress: '' },
      tokens: {
        JM: { logoURI: '/assets/currency/jm.svg' },
        X: { logoURI: 'https://logos.example/x.svg' },
        Y: { logoURI: 'javascript:alert(1)' },
      },
    }),
    BSC: network('BSC', 'evm', {
      // A list on another host (fetched, its logos shown), one under the site, two refused.
      tokenLists: [
        { url: 'https://tokens.lists.example/bsc.json' },
        { url: '/config/bsc-list.json' },
        { url: 'http://plain.example/list.json' },
        { url: 'https://bad.example; script-src *' },
      ],
      nodeUrl: 'https://bsc-dataseed.bnbchain.org',
      nodeUrls: ['https://bsc-dataseed.bnbchain.org', 'wss://bsc-ws.example/ws', 'not a url'],
      api: { url: 'https://bsc-api.jmswap.example', ownerAddress: '' },
    }),
    POLY: network('POLY', 'evm', {
      nodeUrl: 'https://polygon-rpc.com/key/abc',
      // A value that would add a directive if it were pasted in as it is.
      nodeUrls: ['https://evil.example;script-src *', 'https://a,b.example'],
    }),
  },
};

const sha256 = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('buildCsp: the policy from remotes.json and networks.json', () => {
  const csp = buildCsp({
    remotesFile,
    networks,
    inlineScriptHashes: [sha256('headStart()'), "'sha256-not base64!'"],
    reportUri: reportUriFor(networks),
  });
  const d = parseCsp(csp);

  it('lets scripts come only from here, the remotes’ pinned version folders and the page’s own inline scripts', () => {
    expect(d['script-src']).toEqual(["'self'", ...FOLDERS, sha256('headStart()')]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['default-src']).toEqual(["'self'"]);
  });

  it('names folders, never whole origins, and only of remotes the shell would run', () => {
    // An allowed origin alone (no remote on it) runs nothing.
    const only = parseCsp(
      buildCsp({
        remotesFile: { allowedOrigins: ['http://localhost:8081'], remotes: {} },
        networks,
      }),
    );
    expect(only['script-src']).toEqual(["'self'"]);
    for (const directive of ['script-src', 'style-src', 'style-src-elem'])
      expect(d[directive]).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^https:\/\/[^/]+$/)]),
      );
    expect(csp).not.toContain('1.3.0'); // the unpinned canary
    expect(d['script-src']).not.toContain('https://pools.cdn.example:8443/team/2.0.0/');
    // A base not written in canonical form is refused by the shell, and named nowhere here.
    const upper = parseCsp(
      buildCsp({
        remotesFile: {
          allowedOrigins: ['https://swap.cdn.example'],
          remotes: { swap: { ...remotesFile.remotes.swap, base: 'https://SWAP.cdn.example' } },
        },
      }),
    );
    expect(upper['script-src']).toEqual(["'self'"]);
    // A file without the allow-list: the shell loads no remote, the policy allows none.
    const bases = parseCsp(buildCsp({ remotesFile: { remotes: remotesFile.remotes }, networks }));
    expect(bases['script-src']).toEqual(["'self'"]);
    // No remotes.json content at all: only the site itself.
    expect(parseCsp(buildCsp({}))['script-src']).toEqual(["'self'"]);
  });

  it('lets pages talk to every node, every api and the remotes, and nothing else', () => {
    expect(d['connect-src']).toEqual([
      "'self'",
      'https://api.trongrid.io',
      'https://tron-rpc.publicnode.com',
      'https://bsc-dataseed.bnbchain.org',
      'wss://bsc-ws.example', // an EVM node over WebSocket; TRON's wss entry is left out
      'https://polygon-rpc.com',
      'https://api.jmswap.example',
      'https://bsc-api.jmswap.example',
      'https://swap.cdn.example',
      'https://charts.cdn.example',
      'https://tokens.lists.example', // a token list (https only)
    ]);
    expect(csp).not.toMatch(/evil|a,b|tron\.ws|plain\.example|bad\.example/);
    expect(csp.split(';').map((p) => p.trim().split(' ')[0])).toEqual(Object.keys(d));
  });

  it('allows stylesheets from the site and the remotes’ folders, inline style elements never; images from here and the logos’ hosts', () => {
    const remotes = FOLDERS;
    expect(d['style-src']).toEqual(["'self'", ...remotes]);
    expect(d['style-src-elem']).toEqual(["'self'", ...remotes]);
    // Highcharts' style attributes; an attribute restyles its own element only.
    expect(d['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(csp.split(';').filter((p) => p.includes("'unsafe-inline'"))).toHaveLength(1);
    // A page's own <style> (a remote's standalone page) by its hash alone.
    const tokens = sha256(':root{--bg:black}');
    const page = parseCsp(buildCsp({ remotesFile, inlineStyleHashes: [tokens, 'x; img-src *'] }));
    expect(page['style-src-elem']).toEqual(["'self'", ...remotes, tokens]);
    expect(page['style-src']).toEqual(["'self'", ...remotes, tokens]);
    expect(d['img-src']).toEqual([
      "'self'",
      'data:',
      'https://logos.example',
      'https://tokens.lists.example',
    ]);
    expect(d['font-src']).toEqual(["'self'"]);
    expect(d['worker-src']).toEqual(["'none'"]);
    expect(d['frame-src']).toEqual(["'none'"]);
    // The widget shows the partner's https background image.
    const widget = parseCsp(buildCsp({ networks, widget: true }));
    expect(widget['img-src']).toContain('https:');
  });

  it('reports to the default network’s api, by report-uri and report-to', () => {
    expect(reportUriFor(networks)).toBe('https://api.jmswap.example/v1/client-report');
    expect(d['report-uri']).toEqual(['https://api.jmswap.example/v1/client-report']);
    expect(d['report-to']).toEqual(['jmswap']);
    expect(reportingEndpoints(reportUriFor(networks))).toBe(
      'jmswap="https://api.jmswap.example/v1/client-report"',
    );
    // Without the Reporting API (an http page): report-uri alone.
    const plain = parseCsp(
      buildCsp({ networks, reportUri: reportUriFor(networks), reportTo: false }),
    );
    expect(plain['report-uri']).toEqual(['https://api.jmswap.example/v1/client-report']);
    expect(plain['report-to']).toBeUndefined();
    // No TRON: the first network's api. No api url (the production file as shipped): no report.
    const { TRON: _tron, ...others } = networks.networks;
    expect(reportUriFor({ networks: others })).toBe(
      'https://bsc-api.jmswap.example/v1/client-report',
    );
    const silent = {
      networks: { TRON: network('TRON', 'tron'), BSC: networks.networks.BSC },
    };
    expect(reportUriFor(silent)).toBeUndefined();
    expect(parseCsp(buildCsp({ networks: silent }))['report-uri']).toBeUndefined();
    expect(parseCsp(buildCsp({ networks: silent }))['report-to']).toBeUndefined();
    expect(reportingEndpoints(undefined)).toBeUndefined();
  });

  it('names the Reporting API endpoint only on https pages (Chromium ignores it on http)', () => {
    expect(reportingApiFor('https://api.example/v1/client-report', true)).toBe(true);
    expect(reportingApiFor('http://localhost:9070/v1/client-report', true)).toBe(true);
    expect(reportingApiFor('http://127.0.0.1:9070/v1/client-report', true)).toBe(true);
    expect(reportingApiFor('http://api.example/v1/client-report', true)).toBe(false);
    expect(reportingApiFor('https://api.example/v1/client-report', false)).toBe(false);
    expect(reportingApiFor(undefined, true)).toBe(false);
  });

  it('keeps frame-ancestors as the framing rules had it', () => {
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    const framed = parseCsp(
      buildCsp({ frameAncestors: ['https://partner.example', 'javascript:alert(1)'] }),
    );
    expect(framed['frame-ancestors']).toEqual(['https://partner.example']);
  });

  it('allows the mobile wallet’s relay, exactly, where networks.json names one', () => {
    expect(csp).not.toMatch(/walletconnect|web3modal|reown|blob:|relay/);
    const withRelay = (walletConnect) =>
      parseCsp(buildCsp({ remotesFile, networks: { ...networks, walletConnect } }));
    const base = parseCsp(buildCsp({ remotesFile, networks }));
    const wc = withRelay({ projectId: 'abc', relayUrl: 'wss://relay.example.org' });
    expect(wc['connect-src']).toEqual([...base['connect-src'], 'wss://relay.example.org']);
    // Nothing else of WalletConnect's: no Verify frame, no modal styles, fonts or images.
    for (const k of ['frame-src', 'style-src-elem', 'font-src', 'img-src', 'script-src'])
      expect(wc[k]).toEqual(base[k]);
    expect(base['style-src-elem']).not.toContain("'unsafe-inline'");
    expect(
      withRelay({ projectId: 'abc', relayUrl: 'ws://localhost:9086' })['connect-src'],
    ).toContain('ws://localhost:9086');
    // A relay shared-chain would refuse, or no project id: nothing.
    for (const bad of [
      { projectId: 'abc', relayUrl: 'ws://relay.example.org' },
      { projectId: '', relayUrl: 'wss://relay.example.org' },
      { projectId: 'abc', relayUrl: 'https://relay.example.org' },
      { projectId: 'abc', relayUrl: 'wss://relay.example.org; script-src *' },
    ])
      expect(withRelay(bad)['connect-src']).toEqual(base['connect-src']);
  });
});

describe('inlineScripts: the hashes of a page’s inline scripts', () => {
  it('hashes each <script> without src, as the browser does', () => {
    const head = '(()=>{var a="</div>";fetch("/config/remotes.json")})();';
    const html = `<!doctype html><html><head><script>${head}</script>
      <script defer="defer" src="/main.js"></script><script type="module">a()</script>
      <SCRIPT nonce="x">b()</SCRIPT ></head><body><script src=/x.js></script></body></html>`;
    expect(inlineScripts(html)).toEqual({
      hashes: [sha256(head), sha256('a()'), sha256('b()')],
    });
  });

  it('hashes the text after the parser’s newline normalisation', () => {
    expect(inlineScripts('<script>a();\r\nb();\rc()</script>').hashes).toEqual([
      sha256('a();\nb();\nc()'),
    ]);
    expect(inlineScripts('<script></script>').hashes).toEqual([sha256('')]);
  });
});

describe('inlineStyles: the hashes of a page’s <style> elements', () => {
  it('hashes each element’s text as the browser does, once', () => {
    const html = `<head><style>:root{--bg:#000}</style><STYLE media="x">a{}\r\nb{}</STYLE >
      <link rel="stylesheet" href="/s.css"><style>:root{--bg:#000}</style></head>`;
    expect(inlineStyles(html)).toEqual([sha256(':root{--bg:#000}'), sha256('a{}\nb{}')]);
    expect(inlineStyles('<div style="color:red"></div>')).toEqual([]);
  });
});

describe('createCspSource: follows the config folder and the pages', () => {
  let dir;
  let dist;
  const production = path.join(__dirname, '../../shared-chain/config/networks.production.json');
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-csp-'));
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-csp-dist-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const write = (file, content) => {
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    // Another mtime, as a later write has (the cache keys on size and mtime).
    const later = new Date(Date.now() + Math.floor(Math.random() * 1e6));
    fs.utimesSync(file, later, later);
  };

  it('without a config folder: the defaults jmswap-serve serves at /config/', () => {
    const source = createCspSource({ configDir: dir, productionNetworks: production });
    const d = parseCsp(source.headers()['Content-Security-Policy']);
    // The default remotes.json pins nothing: the shell runs no remote, the policy allows none.
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['connect-src']).toEqual(
      expect.arrayContaining(['https://api.trongrid.io', 'http://localhost:8081']),
    );
    // The production file names no api url yet: nowhere to report to.
    expect(d['report-uri']).toBeUndefined();
    expect(source.headers()['Reporting-Endpoints']).toBeUndefined();
  });

  it('picks up remotes.json, networks.json and a rebuilt page without a restart', () => {
    const warn = jest.fn();
    const source = createCspSource({ configDir: dir, productionNetworks: production, warn });
    const page = path.join(dist, 'index.html');
    write(page, '<script>one()</script><style>a{}</style>');
    write(path.join(dir, 'remotes.json'), remotesFile);
    write(path.join(dir, 'networks.json'), networks);
    let headers = source.headers({ page, https: true });
    let d = parseCsp(headers['Content-Security-Policy']);
    expect(d['script-src']).toContain('https://swap.cdn.example/1.2.0/');
    expect(d['script-src']).toContain(sha256('one()'));
    expect(d['style-src-elem']).toEqual(["'self'", ...FOLDERS, sha256('a{}')]);
    expect(d['report-to']).toEqual(['jmswap']);
    expect(headers['Reporting-Endpoints']).toBe(
      'jmswap="https://api.jmswap.example/v1/client-report"',
    );
    // The same page over http: report-uri alone, no Reporting-Endpoints.
    headers = source.headers({ page });
    expect(parseCsp(headers['Content-Security-Policy'])['report-to']).toBeUndefined();
    expect(headers['Reporting-Endpoints']).toBeUndefined();

    // npm run remote:use points swap at another host; a new networks file; a new build.
    write(path.join(dir, 'remotes.json'), {
      allowedOrigins: ['https://swap2.cdn.example'],
      remotes: {
        swap: {
          name: 'mfe_swap',
          base: 'https://swap2.cdn.example',
          version: '1.3.0',
          integrity: { '1.3.0': PIN },
        },
      },
    });
    const next = structuredClone(networks);
    next.networks.TRON.api.url = 'https://reports.jmswap.example';
    next.networks.BSC.nodeUrls = ['https://bsc-2.example'];
    write(path.join(dir, 'networks.json'), next);
    write(page, '<script>two()</script>');
    headers = source.headers({ page });
    d = parseCsp(headers['Content-Security-Policy']);
    expect(d['script-src']).toEqual([
      "'self'",
      'https://swap2.cdn.example/1.3.0/',
      sha256('two()'),
    ]);
    expect(d['connect-src']).toContain('https://bsc-2.example');
    expect(d['connect-src']).not.toContain('wss://bsc-ws.example');
    expect(d['report-uri']).toEqual(['https://reports.jmswap.example/v1/client-report']);

    // A file caught half-written: the last good copy stays, with a warning.
    write(path.join(dir, 'remotes.json'), '{"remotes": {"swap": ');
    d = parseCsp(source.headers({ page })['Content-Security-Policy']);
    expect(d['script-src']).toContain('https://swap2.cdn.example/1.3.0/');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/remotes\.json not read/));
  });

  it('allows the inline scripts of the compressed twins the server may send instead', () => {
    const source = createCspSource({ configDir: dir, productionNetworks: production });
    const page = path.join(dist, 'charts.html');
    write(page, '<script>fresh()</script>');
    fs.writeFileSync(`${page}.br`, zlib.brotliCompressSync('<script>fresh()</script>'));
    fs.writeFileSync(`${page}.gz`, zlib.gzipSync('<script>stale()</script>'));
    const d = parseCsp(source.headers({ page })['Content-Security-Policy']);
    expect(d['script-src']).toEqual(expect.arrayContaining([sha256('fresh()'), sha256('stale()')]));
  });

  it('follows networks.json: a relay added there is allowed on the next page load', () => {
    const source = createCspSource({ configDir: dir, productionNetworks: production });
    const page = path.join(dist, 'index.html');
    write(page, '<script>x()</script>');
    const has = () =>
      source.headers({ page })['Content-Security-Policy'].includes('wss://relay.example.org');
    expect(has()).toBe(false);
    write(
      path.join(dir, 'networks.json'),
      JSON.stringify({
        ...production,
        walletConnect: { projectId: 'p1', relayUrl: 'wss://relay.example.org' },
      }),
    );
    expect(has()).toBe(true);
  });

  it('finds the html file sirv answers a path with', () => {
    fs.mkdirSync(path.join(dist, '1.0.0'));
    for (const f of ['index.html', 'charts.html', '1.0.0/index.html', 'main.js'])
      write(path.join(dist, f), '');
    expect(htmlPage(dist, '/')).toBe(path.join(dist, 'index.html'));
    expect(htmlPage(dist, '/charts')).toBe(path.join(dist, 'charts.html'));
    expect(htmlPage(dist, '/charts/')).toBe(path.join(dist, 'charts.html'));
    expect(htmlPage(dist, '/1.0.0/')).toBe(path.join(dist, '1.0.0/index.html'));
    expect(htmlPage(dist, '/1.0.0')).toBe(path.join(dist, '1.0.0/index.html'));
    expect(htmlPage(dist, '/main.js')).toBeUndefined();
    expect(htmlPage(dist, '/pools')).toBeUndefined();
    expect(htmlPage(dist, '/../../etc/passwd')).toBeUndefined();
  });
});

describe("site.json's analytics script: its origin allowed, exactly", () => {
  const withSite = (site) => parseCsp(buildCsp({ remotesFile, networks, site }));

  it('a script provider adds its origin to script-src and connect-src, nothing wider', () => {
    const d = withSite({
      analytics: {
        provider: 'script',
        scriptUrl: 'https://plausible.example/js/script.js',
        siteId: 'jmswap.example',
      },
    });
    expect(d['script-src']).toContain('https://plausible.example');
    expect(d['connect-src']).toContain('https://plausible.example');
    expect(d['script-src'].filter((s) => s.includes('plausible'))).toEqual([
      'https://plausible.example',
    ]);
    expect(d['script-src']).not.toContain('https:');
    expect(d['img-src']).not.toContain('https://plausible.example');
  });

  it('no site.json, the api provider, "off", or a url that is no https origin: nothing added', () => {
    const plain = withSite(undefined);
    for (const site of [
      {},
      { analytics: { provider: 'api' } },
      { analytics: { provider: 'off', scriptUrl: 'https://plausible.example/s.js' } },
      { analytics: { provider: 'script', scriptUrl: 'http://tracker.example/s.js' } },
      { analytics: { provider: 'script', scriptUrl: 'javascript:alert(1)' } },
    ])
      expect(withSite(site)).toEqual(plain);
    // a url cannot add a directive or a wildcard: only its origin is taken
    const injected = withSite({
      analytics: { provider: 'script', scriptUrl: 'https://a.example/x.js; script-src *' },
    });
    expect(injected['script-src']).toContain('https://a.example');
    expect(injected['script-src']).not.toContain('*');
    // a local stack's own host may serve it over http
    expect(
      withSite({ analytics: { provider: 'script', scriptUrl: 'http://localhost:8088/s.js' } })[
        'script-src'
      ],
    ).toContain('http://localhost:8088');
  });

  it('createCspSource reads site.json from the config folder, and follows its changes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-csp-site-'));
    try {
      const production = path.join(__dirname, '../../shared-chain/config/networks.production.json');
      const source = createCspSource({ configDir: dir, productionNetworks: production });
      const scriptSrc = () => parseCsp(source.headers()['Content-Security-Policy'])['script-src'];
      expect(scriptSrc()).not.toContain('https://umami.example');
      fs.writeFileSync(
        path.join(dir, 'site.json'),
        JSON.stringify({
          analytics: { provider: 'script', scriptUrl: 'https://umami.example/u.js', siteId: 'a1' },
        }),
      );
      expect(scriptSrc()).toContain('https://umami.example');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
