const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serveApp } = require('./server');
const { parseCsp } = require('./csp');

/** The frame-ancestors of a response: html pages carry it inside their full CSP. */
const frameAncestors = (res) =>
  parseCsp(res.headers.get('content-security-policy'))['frame-ancestors'].join(' ');

describe('framing (clickjacking) headers', () => {
  let server;
  let base;
  let configDir;
  beforeAll(async () => {
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-frame-'));
    fs.writeFileSync(
      path.join(configDir, 'widget.json'),
      JSON.stringify({
        allowedHosts: ['https://partner.example/shop', 'javascript:alert(1)', 'not a url'],
      }),
    );
    server = await serveApp('shell', { port: 0, configDir });
    base = `http://127.0.0.1:${server.server.address().port}`;
  });
  afterAll(() => server.close());

  it('lets only the allowed hosts frame the widget route', async () => {
    const res = await fetch(`${base}/widget?n=BSC`);
    expect(frameAncestors(res)).toBe('https://partner.example');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it.each(['/', '/charts', '/pools?n=BSC', '/config/networks.json', '/widgetfoo'])(
    'refuses framing of %s',
    async (url) => {
      const res = await fetch(`${base}${url}`);
      expect(frameAncestors(res)).toBe("'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('keeps them with the rest of the CSP turned off (jmswap-serve --no-csp)', async () => {
    const plain = await serveApp('shell', { port: 0, configDir, csp: false });
    try {
      const at = `http://127.0.0.1:${plain.server.address().port}`;
      const widget = await fetch(`${at}/widget?n=BSC`);
      expect(widget.headers.get('content-security-policy')).toBe(
        'frame-ancestors https://partner.example',
      );
      const site = await fetch(`${at}/`);
      expect(site.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(site.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await plain.close();
    }
  });
});
