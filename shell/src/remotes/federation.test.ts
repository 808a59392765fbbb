import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import {
  loadScreen,
  registerRemotesFromConfig,
  remoteProblem,
  startScreen,
  takeStartedScreen,
} from './federation';

jest.mock('./reloadPage', () => ({ reloadPage: jest.fn() }));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

const swap = { name: 'mfe_swap', base: 'http://localhost:9081', version: '1.0.0' };
const pools = { name: 'mfe_pools', base: 'http://localhost:9084', version: '1.0.0' };
const allowedOrigins = ['http://localhost:9081', 'http://localhost:9084'];
let served: unknown;

beforeEach(() => {
  register.mockReset();
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  global.fetch = jest.fn(async () => new Response(JSON.stringify(served))) as typeof fetch;
});

it('a bad line in remotes.json costs only that remote, and says why', async () => {
  served = { allowedOrigins, remotes: { swap, pools: { ...pools, version: 'latest' } } };
  const file = await registerRemotesFromConfig();
  expect(Object.keys(file)).toEqual(['swap']);
  expect(register).toHaveBeenCalledWith([
    { name: 'mfe_swap', entry: 'http://localhost:9081/1.0.0/mf-manifest.json' },
  ]);
  expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/"pools".*not a released/));
  await expect(loadScreen('pools', 'PoolsPage')).rejects.toThrow(/"pools".*not a released/);
  expect(remoteProblem('pools')).toMatch(/not a released/);
});

it('Retry reads remotes.json again and registers the fixed remote', async () => {
  served = { allowedOrigins, remotes: { swap, pools: { ...pools, base: 'ftp://nowhere' } } };
  await registerRemotesFromConfig();
  served = { allowedOrigins, remotes: { swap, pools } };
  const Screen = () => null;
  load.mockResolvedValue({ default: Screen });
  await expect(loadScreen('pools', 'PoolsPage', true)).resolves.toBe(Screen);
  expect(register).toHaveBeenLastCalledWith(
    [{ name: 'mfe_pools', entry: 'http://localhost:9084/1.0.0/mf-manifest.json' }],
    { force: true },
  );
  expect(load).toHaveBeenCalledWith('mfe_pools/PoolsPage');
  expect(remoteProblem('pools')).toBeUndefined();
});

it('a remotes.json that cannot be read at boot is recovered by Retry', async () => {
  global.fetch = jest.fn(async () => new Response('down', { status: 503 })) as typeof fetch;
  await expect(registerRemotesFromConfig()).rejects.toThrow(/HTTP 503/);
  served = { allowedOrigins, remotes: { swap } };
  global.fetch = jest.fn(async () => new Response(JSON.stringify(served))) as typeof fetch;
  load.mockResolvedValue({ default: () => null });
  await expect(loadScreen('swap', 'SwapPanel', true)).resolves.toBeDefined();
});

it('a base that is not on allowedOrigins is refused and named', async () => {
  served = { allowedOrigins: ['http://localhost:9081'], remotes: { swap, pools } };
  const file = await registerRemotesFromConfig();
  expect(Object.keys(file)).toEqual(['swap']);
  expect(console.error).toHaveBeenCalledWith(
    '[jmswap] remotes.json: "pools" refused: its base http://localhost:9084 is not in allowedOrigins (http://localhost:9081)',
  );
  await expect(loadScreen('pools', 'PoolsPage')).rejects.toThrow(/not in allowedOrigins/);
});

it('without a fallbackVersion the failure reaches the area, naming the skew for operators', async () => {
  served = { allowedOrigins, remotes: { swap, pools: { ...pools, version: '1.1.0' } } };
  await registerRemotesFromConfig();
  load.mockRejectedValueOnce(
    new Error(
      'Version 3.1.0 from shell of shared singleton module @jmswap/shared-chain does not satisfy the requirement of mfe_pools which needs ^3.2.0)',
    ),
  );
  await expect(loadScreen('pools', 'PoolsPage')).rejects.toThrow(/does not satisfy/);
  expect(console.error).toHaveBeenCalledWith(
    '[jmswap] pools 1.1.0 needs @jmswap/shared-chain ^3.2.0; this site provides 3.1.0',
  );
});

it('the screen started at boot is loaded once and handed to its own area once', async () => {
  served = { allowedOrigins, remotes: { swap, pools } };
  await registerRemotesFromConfig();
  const Screen = () => null;
  load.mockResolvedValue({ default: Screen });
  startScreen('pools', 'PoolsPage');
  expect(takeStartedScreen('swap', 'SwapPanel')).toBeUndefined();
  const started = takeStartedScreen('pools', 'PoolsPage');
  await expect(started?.promise).resolves.toBe(Screen);
  expect(started?.Screen).toBe(Screen);
  expect(load).toHaveBeenCalledTimes(1);
  // A second area, or a remount, loads as before.
  expect(takeStartedScreen('pools', 'PoolsPage')).toBeUndefined();
});

describe("a version folder the page's policy predates", () => {
  const PIN = `sha384-${'A'.repeat(64)}`;
  const pinned = (entry: typeof pools, version: string) => ({
    ...entry,
    version,
    integrity: { [version]: PIN },
  });
  // Fresh modules: the policy's folders are those of the page's first remotes.json.
  let reload: jest.Mock;
  let loadFresh: jest.Mock;
  const fresh = (): typeof import('./federation') => {
    jest.resetModules();
    const federation = require('./federation');
    reload = require('./reloadPage').reloadPage;
    loadFresh = require('@module-federation/enhanced/runtime').loadRemote;
    return federation;
  };
  beforeEach(() => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  it('Retry reloads the page when remotes.json names a folder the page cannot run', async () => {
    const { registerRemotesFromConfig: boot, loadScreen: load_ } = fresh();
    served = { allowedOrigins, remotes: { swap, pools: pinned(pools, '1.0.0') } };
    await boot();
    // The operator moves pools to 1.1.0: the page's policy names 1.0.0's folder only.
    served = { allowedOrigins, remotes: { swap, pools: pinned(pools, '1.1.0') } };
    void load_('pools', 'PoolsPage', true);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(loadFresh).not.toHaveBeenCalled();
    expect(console.info).toHaveBeenCalledWith(
      "[jmswap] pools: remotes.json now names http://localhost:9084/1.1.0/, which this page's policy predates; reloading the page",
    );
  });

  it('Retry of a folder the page already allows loads in place', async () => {
    const { registerRemotesFromConfig: boot, loadScreen: load_ } = fresh();
    served = { allowedOrigins, remotes: { swap, pools: pinned(pools, '1.0.0') } };
    await boot();
    loadFresh.mockResolvedValue({ default: () => null });
    await expect(load_('pools', 'PoolsPage', true)).resolves.toBeDefined();
    expect(reload).not.toHaveBeenCalled();
  });
});
