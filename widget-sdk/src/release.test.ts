/**
 * @jest-environment node
 */
// The SDK release build refuses a networks file that would ship a network without its built-in
// allow-list (partners who pass no `pin` would then trust the widget origin's networks.json).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { releaseProblems } from './trust';
import { BUSD, LIQ_ROUTER, PAIR_BNB_USDT, ROUTER, USDT, WBNB } from './fixtures.test-util';

const root = path.join(__dirname, '..');
const production = JSON.parse(
  readFileSync(path.join(root, '../shared-chain/config/networks.production.json'), 'utf8'),
);
/** A production file whose BSC has every address, and nothing else. */
const bscOnly = () => ({
  networks: {
    BSC: {
      ...production.networks.BSC,
      exchange: {
        ...production.networks.BSC.exchange,
        ROUTER_ADDRESS: ROUTER,
        LIQUIDITY_ROUTER: LIQ_ROUTER,
      },
      tokens: {
        BNB: { ...production.networks.BSC.tokens.BNB, address: WBNB },
        USDT: { ...production.networks.BSC.tokens.USDT, address: USDT },
        BUSD: { ...production.networks.BSC.tokens.BUSD, address: BUSD },
      },
      pools: [{ symbolA: 'BNB', symbolB: 'USDT', address: PAIR_BNB_USDT }],
    },
  },
});

describe('releaseProblems: what a release cannot ship', () => {
  it('names every network of the shipped production file: none has its addresses yet', () => {
    const problems = releaseProblems(production);
    expect(problems).toHaveLength(Object.keys(production.networks).length);
    expect(problems[0]).toMatch(
      /^TRON has no complete built-in allow-list \(missing: exchange\.ROUTER_ADDRESS; exchange\.LIQUIDITY_ROUTER; the address of TRX, JM, USDT/,
    );
  });

  it('names a network with its routers but a token without an address, or no chain id', () => {
    const file = bscOnly();
    expect(releaseProblems(file)).toEqual([]);
    file.networks.BSC.tokens.BUSD.address = '';
    expect(releaseProblems(file)).toEqual([
      'BSC has no complete built-in allow-list (missing: the address of BUSD)',
    ]);
    delete (file.networks.BSC as { chainId?: number }).chainId;
    expect(releaseProblems(file)[0]).toMatch(/missing: chainId; the address of BUSD/);
    expect(releaseProblems({ networks: {} })).toEqual(['the networks file lists no network']);
  });
});

describe('the release build', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jmswap-sdk-release-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const release = (networks: unknown, extra: string[] = []) => {
    const file = path.join(dir, 'networks.json');
    writeFileSync(file, JSON.stringify(networks));
    return spawnSync(
      process.execPath,
      ['build.mjs', '--release', '--networks', file, '--outdir', path.join(dir, 'out'), ...extra],
      { cwd: root, encoding: 'utf8' },
    );
  };

  it('fails on the production file as shipped, naming each unpinned network, and writes nothing', () => {
    const run = release(production);
    expect(run.status).toBe(1);
    for (const id of Object.keys(production.networks))
      expect(run.stderr).toContain(`${id} has no complete built-in allow-list`);
    expect(() => readFileSync(path.join(dir, 'out/jmswap-widget.js'))).toThrow();
  });

  it('fails when one shipped network lacks its pins, even if the others have them', () => {
    const file = bscOnly();
    (file.networks as Record<string, unknown>).ETH = production.networks.ETH;
    const run = release(file);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ETH has no complete built-in allow-list');
    expect(run.stderr).not.toContain('BSC has');
  });

  it('builds when every network is pinned, with that allow-list baked into the file', () => {
    const run = release(bscOnly());
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/refused/);
    expect(run.stdout).toContain('production allow-list baked in: BSC');
    const script = readFileSync(path.join(dir, 'out/jmswap-widget.js'), 'utf8');
    expect(script.toLowerCase()).toContain(ROUTER.toLowerCase());
    expect(script.toLowerCase()).toContain(PAIR_BNB_USDT.toLowerCase());
    expect(readFileSync(path.join(dir, 'out/jmswap-widget.js.sha384'), 'utf8')).toMatch(/^sha384-/);
  });

  it('the development build still builds from the shipped file, and says what a release lacks', () => {
    const out = execFileSync(process.execPath, ['build.mjs', '--outdir', path.join(dir, 'dev')], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('production allow-list baked in: none');
    expect(out).toMatch(
      /network\(s\) without a complete allow-list \(a release build, npm run release, refuses this\)/,
    );
  });
});
