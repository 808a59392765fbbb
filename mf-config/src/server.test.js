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
