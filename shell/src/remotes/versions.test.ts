import { registerRemotes } from '@module-federation/enhanced/runtime';
import { chooseVersions, currentVersion } from './versions';
import { failOver } from './failover';
import { parseRemotesFile } from './remotesFile';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const NETWORKS = { networks: { TRON: { api: { url: 'http://api.test' } } } };
let posted: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  register.mockReset();
  posted = [];
  localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url === '/config/networks.json') return new Response(JSON.stringify(NETWORKS));
    if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
    return new Response('', { status: 404 });
  }) as unknown as typeof fetch;
});

const pools = (extra: Record<string, unknown> = {}) =>
  parseRemotesFile({
    allowedOrigins: ['http://localhost:9084'],
    remotes: {
      pools: { name: 'mfe_pools', base: 'http://localhost:9084', version: '1.1.0', ...extra },
    },
  }).remotes;

const flush = () => new Promise((r) => setTimeout(r, 0));

it('a failed version gives way to its fallbackVersion once, and operators get a report', async () => {
  chooseVersions(pools({ fallbackVersion: '1.0.0' }));
  expect(currentVersion('pools')).toBe('1.1.0');
  await expect(failOver('pools', '1.1.0', new Error('Failed to get manifest'))).resolves.toBe(true);
  expect(currentVersion('pools')).toBe('1.0.0');
  expect(register).toHaveBeenCalledWith(
    [{ name: 'mfe_pools', entry: 'http://localhost:9084/1.0.0/mf-manifest.json' }],
    { force: true },
  );
  expect(console.warn).toHaveBeenCalledWith(
    '[jmswap] pools 1.1.0 failed to load; using its fallbackVersion 1.0.0',
  );
  // A second load that failed on 1.1.0 too does not skip 1.0.0.
  await expect(failOver('pools', '1.1.0', new Error('again'))).resolves.toBe(true);
  expect(currentVersion('pools')).toBe('1.0.0');
  // 1.0.0 failing as well: nothing left, the error goes to the screen.
  await expect(failOver('pools', '1.0.0', new Error('down'))).resolves.toBe(false);
  await flush();
  expect(posted.map((p) => p.url)).toEqual([
    'http://api.test/v1/client-report',
    'http://api.test/v1/client-report',
  ]);
  expect(posted[0]!.body).toEqual({
    kind: 'remote-load',
    remote: 'pools',
    version: '1.1.0',
    cause: 'Failed to get manifest',
    page: '/',
    release: expect.any(String),
  });
});

it('a canary that fails gives way to the listed version, and the skew is named', async () => {
  localStorage.setItem('jmswap.canaryBucket', '3');
  chooseVersions(pools({ canary: { version: '2.0.0', percent: 10 } }));
  expect(currentVersion('pools')).toBe('2.0.0');
  const skew = new Error(
    'Version 3.1.0 from shell of shared singleton module @jmswap/shared-chain does not satisfy the requirement of mfe_pools which needs ^4.0.0)',
  );
  await failOver('pools', '2.0.0', skew);
  expect(currentVersion('pools')).toBe('1.1.0');
  expect(console.warn).toHaveBeenCalledWith(
    '[jmswap] pools 2.0.0 failed to load; using version 1.1.0',
  );
  await flush();
  expect(posted[0]!.body).toMatchObject({
    kind: 'version-skew',
    version: '2.0.0',
    cause: '[jmswap] pools 2.0.0 needs @jmswap/shared-chain ^4.0.0; this site provides 3.1.0',
  });
});

it('browsers above the canary share stay on the listed version', () => {
  localStorage.setItem('jmswap.canaryBucket', '42');
  chooseVersions(pools({ canary: { version: '2.0.0', percent: 10 } }));
  expect(currentVersion('pools')).toBe('1.1.0');
});
