import { Interface, MaxUint256, type Wallet } from 'ethers';
import { loadArtifact } from '../artifacts';
import { ANVIL_ACCOUNTS, FEE_RECIPIENT } from '../deploy/deployNetwork';
import {
  approveAll,
  at,
  bal,
  deadline,
  expectRevert,
  send,
  startFixture,
  type Fixture,
} from './harness';

jest.setTimeout(60_000);

let f: Fixture;
let user: Wallet;
const NO_TAXES: string[] = [];

beforeAll(async () => {
  f = await startFixture(18603);
  user = f.wallets[3]!;
  await approveAll(f, user, f.config.exchange.ROUTER_ADDRESS);
  await approveAll(f, user, f.config.exchange.LIQUIDITY_ROUTER);
});
afterAll(async () => {
  await f?.stop();
});

const sortPair = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]);

describe('factory', () => {
  test('allPairs, allPairsLength, getPair (either order), getTokensByPair, getPairSymbols, getRouterAddress', async () => {
    const n = (await f.factory.getFunction('allPairsLength')()) as bigint;
    expect(n).toBe(BigInt(f.config.pools.length));
    for (const [i, pool] of f.config.pools.entries()) {
      expect(await f.factory.getFunction('allPairs')(i)).toBe(pool.address);
      const a = f.addr(pool.symbolA);
      const b = f.addr(pool.symbolB);
      expect(await f.factory.getFunction('getPair')(a, b)).toBe(pool.address);
      expect(await f.factory.getFunction('getPair')(b, a)).toBe(pool.address);
      const [t0, t1] = sortPair(a, b);
      expect(await f.factory.getFunction('getTokensByPair')(pool.address)).toEqual([t0, t1]);
      const sym = (addr: string) =>
        addr === f.addr('BNB')
          ? 'WBNB'
          : Object.values(f.config.tokens).find((t) => t.address === addr)!.symbol;
      expect(await f.factory.getFunction('getPairSymbols')(pool.address)).toEqual([
        sym(t0!),
        sym(t1!),
      ]);
    }
    expect(await f.factory.getFunction('getRouterAddress')()).toBe(
      f.config.exchange.ROUTER_ADDRESS,
    );
    expect(await f.factory.getFunction('feeTo')()).toBe(FEE_RECIPIENT);
    await expectRevert(
      f.factory.getFunction('getPairSymbols')(user.address),
      'JMSwap: PAIR_NOT_FOUND',
    );
    await expectRevert(
      f.factory.getFunction('getTokensByPair')(user.address),
      'JMSwap: PAIR_NOT_FOUND',
    );
  });

  test('createPair emits PairCreated; identical, zero and existing pairs revert', async () => {
    const fac = f.as(f.factory, user);
    const a = f.addr('BBB');
    const b = f.addr('JM');
    const receipt = await send(fac.getFunction('createPair')(a, b));
    const iface = new Interface(loadArtifact('JMSwapFactory').abi as never);
    const ev = receipt.logs.map((l) => iface.parseLog(l)).find((l) => l?.name === 'PairCreated')!;
    const [t0, t1] = sortPair(a, b);
    expect([ev.args[0], ev.args[1]]).toEqual([t0, t1]);
    expect(ev.args[2]).toBe(await f.factory.getFunction('getPair')(b, a));
    expect(ev.args[3]).toBe(BigInt(f.config.pools.length + 1));
    await expectRevert(fac.getFunction('createPair')(a, a), 'JMSwap: IDENTICAL_ADDRESSES');
    await expectRevert(
      fac.getFunction('createPair')(a, '0x0000000000000000000000000000000000000000'),
      'JMSwap: ZERO_ADDRESS',
    );
    await expectRevert(fac.getFunction('createPair')(b, a), 'JMSwap: PAIR_EXISTS');
    await expectRevert(fac.getFunction('setFeeTo')(user.address), 'JMSwap: FORBIDDEN');
    await expectRevert(fac.getFunction('setRouterAddress')(user.address), 'JMSwap: FORBIDDEN');
    // A new pair can be seeded through the (JM-exempt) liquidity router.
    await send(
      f.as(f.liquidityRouter, user).getFunction('addLiquidity')(
        a,
        b,
        10n ** 10n,
        10n ** 10n,
        0n,
        0n,
        user.address,
        deadline(),
      ),
    );
    const pair = at('JMSwapPair', ev.args[2] as string, f.provider);
    expect(await pair.getFunction('balanceOf')(user.address)).toBe(10n ** 10n - 1000n);
  });
});

describe('pair', () => {
  test('LP token: 18 decimals, name, Mint/Swap/Sync/Burn events, skim and sync', async () => {
    const pair = f.pair('USDT', 'AAA');
    const pairAddress = await pair.getAddress();
    expect(await pair.getFunction('decimals')()).toBe(18n);
    expect(await pair.getFunction('name')()).toBe('JMSwap LP');
    const iface = new Interface(loadArtifact('JMSwapPair').abi as never);
    const names = (r: { logs: Array<{ address: string; topics: string[]; data: string }> }) =>
      r.logs
        .filter((l) => l.address.toLowerCase() === pairAddress.toLowerCase())
        .map((l) => iface.parseLog(l)?.name);
    const swapReceipt = await send(
      f.as(f.router, user).getFunction('swapExactTokensForTokens')(
        1_000_000n,
        0n,
        [f.addr('USDT'), f.addr('AAA')],
        NO_TAXES,
        user.address,
        deadline(),
      ),
    );
    expect(names(swapReceipt)).toEqual(['Sync', 'Swap']);
    const addReceipt = await send(
      f.as(f.liquidityRouter, user).getFunction('addLiquidity')(
        f.addr('USDT'),
        f.addr('AAA'),
        10n ** 8n,
        10n ** 30n,
        0n,
        0n,
        user.address,
        deadline(),
      ),
    );
    expect(names(addReceipt)).toContain('Mint');
    await send(
      pair.connect(user).getFunction('approve')(
        f.config.exchange.LIQUIDITY_ROUTER,
        MaxUint256,
      ) as never,
    );
    const lp = (await pair.getFunction('balanceOf')(user.address)) as bigint;
    const burnReceipt = await send(
      f.as(f.liquidityRouter, user).getFunction('removeLiquidity')(
        f.addr('USDT'),
        f.addr('AAA'),
        lp,
        0n,
        0n,
        user.address,
        deadline(),
      ),
    );
    expect(names(burnReceipt)).toContain('Burn');

    // skim sends the excess over the reserves; sync adopts it.
    await send(f.as(f.tokens.USDT!, user).getFunction('transfer')(pairAddress, 5555n));
    const before = await bal(f, 'USDT', ANVIL_ACCOUNTS[6]!);
    await send(pair.connect(user).getFunction('skim')(ANVIL_ACCOUNTS[6]!) as never);
    expect((await bal(f, 'USDT', ANVIL_ACCOUNTS[6]!)) - before).toBe(5555n);
    await send(f.as(f.tokens.USDT!, user).getFunction('transfer')(pairAddress, 4444n));
    const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    await send(pair.connect(user).getFunction('sync')() as never);
    const usdtIs0 = f.addr('USDT').toLowerCase() < f.addr('AAA').toLowerCase();
    const [s0, s1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    expect(usdtIs0 ? [s0 - r0, s1 - r1] : [s1 - r1, s0 - r0]).toEqual([4444n, 0n]);
  });

  test('the platform fee (1/6 of sqrt(k) growth) reaches its recipient', async () => {
    const pair = f.pair('BNB', 'USDT');
    const sqrt = (y: bigint) => {
      if (y < 4n) return y === 0n ? 0n : 1n;
      let z = y;
      let x = y / 2n + 1n;
      while (x < z) {
        z = x;
        x = (y / x + x) / 2n;
      }
      return z;
    };
    // Realise any fee accrued so far, so kLast is current.
    await send(
      f.as(f.liquidityRouter, user).getFunction('addLiquidityBase')(
        f.addr('USDT'),
        10n ** 6n,
        0n,
        0n,
        user.address,
        deadline(),
        { value: 10n ** 16n },
      ),
    );
    const feeBefore = (await pair.getFunction('balanceOf')(FEE_RECIPIENT)) as bigint;
    const kLast = (await pair.getFunction('kLast')()) as bigint;
    expect(kLast).toBeGreaterThan(0n);
    for (let i = 0; i < 6; i++) {
      const p = i % 2 ? [f.addr('USDT'), f.addr('BNB')] : [f.addr('BNB'), f.addr('USDT')];
      if (i % 2)
        await send(
          f.as(f.router, user).getFunction('swapExactTokensForBase')(
            2_000_000_000n,
            0n,
            p,
            NO_TAXES,
            user.address,
            deadline(),
          ),
        );
      else
        await send(
          f.as(f.router, user).getFunction('swapExactBaseForTokens')(
            0n,
            p,
            NO_TAXES,
            user.address,
            deadline(),
            { value: 3n * 10n ** 18n },
          ),
        );
    }
    const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    const supply = (await pair.getFunction('totalSupply')()) as bigint;
    const rootK = sqrt(r0 * r1);
    const rootKLast = sqrt(kLast);
    const expected = (supply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
    expect(expected).toBeGreaterThan(0n);
    // Any mint or burn realises it.
    await send(
      f.as(f.liquidityRouter, user).getFunction('addLiquidityBase')(
        f.addr('USDT'),
        10n ** 6n,
        0n,
        0n,
        user.address,
        deadline(),
        { value: 10n ** 16n },
      ),
    );
    expect(((await pair.getFunction('balanceOf')(FEE_RECIPIENT)) as bigint) - feeBefore).toBe(
      expected,
    );
  });
});

describe('swap-info (SWAP_API)', () => {
  test('allPairsLength and getAllPairSymbols pages (1-based)', async () => {
    const total = (await f.info.getFunction('allPairsLength')()) as bigint;
    expect(total).toBe(await f.factory.getFunction('allPairsLength')());
    const [p1, a1, b1] = (await f.info.getFunction('getAllPairSymbols')(5n, 1n)) as [
      string[],
      string[],
      string[],
    ];
    const [p2] = (await f.info.getFunction('getAllPairSymbols')(5n, 2n)) as [string[]];
    const [p3] = (await f.info.getFunction('getAllPairSymbols')(5n, 3n)) as [string[]];
    expect(p1.length).toBe(5);
    expect([...p1, ...p2].length).toBe(Number(total));
    expect(p3).toEqual([]);
    for (const [i, pair] of p1.entries()) {
      expect(pair).toBe(await f.factory.getFunction('allPairs')(i));
      expect([a1[i], b1[i]]).toEqual(await f.factory.getFunction('getPairSymbols')(pair));
    }
    await expectRevert(f.info.getFunction('getAllPairSymbols')(10n, 0n), 'JMSwap: INVALID_PAGE');
  });

  test("getAllPairsBalances agrees with the pairs' reserves and balances", async () => {
    const [pairs, tokensA, tokensB, symbolsA, symbolsB, balancesA, balancesB] =
      (await f.info.getFunction('getAllPairsBalances')(10n, 1n)) as [
        string[],
        string[],
        string[],
        string[],
        string[],
        bigint[],
        bigint[],
      ];
    expect(pairs.length).toBe(Number(await f.info.getFunction('allPairsLength')()));
    for (const [i, pairAddress] of pairs.entries()) {
      const pair = at('JMSwapPair', pairAddress, f.provider);
      const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
      expect([balancesA[i], balancesB[i]]).toEqual([r0, r1]);
      expect([tokensA[i], tokensB[i]]).toEqual(
        await f.factory.getFunction('getTokensByPair')(pairAddress),
      );
      expect([symbolsA[i], symbolsB[i]]).toEqual(
        await f.factory.getFunction('getPairSymbols')(pairAddress),
      );
      const t0 = at('TaxedToken', tokensA[i]!, f.provider);
      expect(await t0.getFunction('balanceOf')(pairAddress)).toBe(r0);
    }
    const [empty] = (await f.info.getFunction('getAllPairsBalances')(10n, 3n)) as [string[]];
    expect(empty).toEqual([]);
  });

  test("getUserLP pages over the user's positions; getUserLPbyPair agrees with the router and pair", async () => {
    const deployer = f.wallets[0]!.address;
    const [pairs, symA, symB, total, mine, valueA, valueB] = (await f.info.getFunction('getUserLP')(
      deployer,
      7n,
      1n,
    )) as [string[], string[], string[], bigint[], bigint[], bigint[], bigint[]];
    expect(pairs.length).toBe(7);
    const [page2] = (await f.info.getFunction('getUserLP')(deployer, 7n, 2n)) as [string[]];
    expect(page2.length).toBe(f.config.pools.length - 7);
    for (const [i, pairAddress] of pairs.entries()) {
      const pair = at('JMSwapPair', pairAddress, f.provider);
      const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
      const supply = (await pair.getFunction('totalSupply')()) as bigint;
      const lp = (await pair.getFunction('balanceOf')(deployer)) as bigint;
      expect([total[i], mine[i], valueA[i], valueB[i]]).toEqual([
        supply,
        lp,
        (r0 * lp) / supply,
        (r1 * lp) / supply,
      ]);
      expect(await f.info.getFunction('getUserLPbyPair')(pairAddress, deployer)).toEqual([
        symA[i],
        symB[i],
        supply,
        lp,
        valueA[i],
        valueB[i],
      ]);
      const [rs, ru, share] = (await f.router.getFunction('getUserLPwithPair')(
        deployer,
        pairAddress,
      )) as bigint[];
      expect([rs, ru, share]).toEqual([supply, lp, (lp * 10n ** 18n) / supply]);
    }
    // A user without positions has none.
    const [none] = (await f.info.getFunction('getUserLP')(ANVIL_ACCOUNTS[9]!, 7n, 1n)) as [
      string[],
    ];
    expect(none).toEqual([]);
  });
});
