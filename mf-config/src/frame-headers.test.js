const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serveApp } = require('./server');

describe('framing (clickjacking) headers', () => {
  let server;
  let base;
  beforeAll(async () => {
    const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-frame-'));
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
    expect(res.headers.get('content-security-policy')).toBe(
      'frame-ancestors https://partner.example',
    );
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it.each(['/', '/charts', '/pools?n=BSC', '/config/networks.json', '/widgetfoo'])(
    'refuses framing of %s',
    async (url) => {
      const res = await fetch(`${base}${url}`);
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    },
  );
});
