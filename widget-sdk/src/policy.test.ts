import type { AbiValue } from './abi';
import { addressKey } from './address';
import { checkApprove, checkEvmExecute, checkTronExecute, isSwapCall } from './policy';
import { ROUTER_METHODS } from './router-methods.generated';
import {
  ACCOUNT,
  BSC,
  BUSD,
  calldata,
  DEADLINE,
  JM,
  LIQ_ROUTER,
  OTHER,
  PAIR_BNB_JM,
  PAIR_USDT_BUSD,
  ROUTER,
  taxes,
  TRON,
  TRON_ACCOUNT,
  TRON_JM,
  TRON_LIQ_ROUTER,
  TRON_PAIR_TRX_USDT,
  TRON_ROUTER,
  TRON_UNLISTED,
  TRON_USDT,
  UNLISTED,
  USDT,
  WBNB,
  WTRX,
  word,
} from './fixtures.test-util';

type Name = keyof typeof ROUTER_METHODS;
const E18 = 10n ** 18n;
const MAX = (1n << 256n) - 1n;

/** An EVM execute request as the widget's adapter sends it. */
const evm = (name: Name, values: AbiValue[], extra: Record<string, unknown> = {}) => ({
  to: ROUTER,
  data: calldata(name, values),
  value: '0',
  chainId: BSC.chainId,
  network: 'BSC',
  ...extra,
});
const allowed = (params: Record<string, unknown>) => checkEvmExecute(BSC, ACCOUNT, params);
const reason = (params: Record<string, unknown>) => {
  const v = allowed(params);
  return v.ok ? 'allowed' : v.reason;
};

describe('what the host wallet may be asked to sign (EVM)', () => {
  it('decodes TRON base58 addresses', () => {
    expect(addressKey(TRON_USDT)).toBe('a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(addressKey('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(addressKey(TRON_USDT));
    expect(addressKey('T0000')).toBeUndefined();
  });

  describe('allows every call the widget makes', () => {
    it.each<[string, Record<string, unknown>]>([
      [
        'exact in, 3-token path',
        evm('swapExactTokensForTokens', [
          100n * E18,
          90n * E18,
          [USDT, WBNB, BUSD],
          taxes(0, 0, 0),
          ACCOUNT,
          DEADLINE,
        ]),
      ],
      [
        'exact out',
        evm('swapTokensForExactTokens', [90n, 110n, [USDT, WBNB], taxes(0, 0), ACCOUNT, DEADLINE]),
      ],
      [
        'exact base in (value = amountIn)',
        evm('swapExactBaseForTokens', [90n, [WBNB, USDT], taxes(0, 0), ACCOUNT, DEADLINE], {
          value: '100',
        }),
      ],
      [
        'base in, exact out (value = amountInMax)',
        evm('swapBaseForExactTokens', [90n, [WBNB, USDT], taxes(0, 0), ACCOUNT, DEADLINE], {
          value: '110',
        }),
      ],
      [
        'taxed token in, base out',
        evm('swapExactTokensForBase', [100n, 90n, [JM, WBNB], taxes(3, 0), ACCOUNT, DEADLINE]),
      ],
      [
        'exact base out, taxed token in',
        evm('swapTokensForExactBase', [90n, 110n, [JM, WBNB], taxes(3, 0), ACCOUNT, DEADLINE]),
      ],
      [
        'base in, taxed token out, 3-token path',
        evm(
          'swapExactBaseForTokens',
          [90n, [WBNB, USDT, BUSD], taxes(0, 0, 0), ACCOUNT, DEADLINE],
          { value: '100' },
        ),
      ],
      [
        'add liquidity (liquidity router)',
        evm('addLiquidity', [USDT, BUSD, 100n, 100n, 95n, 95n, ACCOUNT, DEADLINE], {
          to: LIQ_ROUTER,
        }),
      ],
      [
        'add liquidity (router)',
        evm('addLiquidity', [BUSD, USDT, 100n, 100n, 95n, 95n, ACCOUNT, DEADLINE]),
      ],
      [
        'add liquidity with the base coin (value = amountBaseDesired)',
        evm('addLiquidityBase', [USDT, 100n, 95n, 95n, ACCOUNT, DEADLINE], {
          to: LIQ_ROUTER,
          value: '100',
        }),
      ],
      [
        'remove liquidity',
        evm('removeLiquidity', [USDT, BUSD, 10n, 1n, 1n, ACCOUNT, DEADLINE], { to: LIQ_ROUTER }),
      ],
      [
        'remove liquidity, fee-on-transfer (router)',
        evm('removeLiquiditySupportingFeeOnTransferTokens', [
          USDT,
          BUSD,
          10n,
          1n,
          1n,
          ACCOUNT,
          DEADLINE,
        ]),
      ],
      [
        'remove liquidity with the base coin',
        evm('removeLiquidityBase', [USDT, 10n, 1n, 1n, ACCOUNT, DEADLINE], { to: LIQ_ROUTER }),
      ],
      [
        'remove a taxed token’s liquidity with the base coin (router)',
        evm('removeLiquidityBaseSupportingFeeOnTransferTokens', [
          JM,
          10n,
          1n,
          1n,
          ACCOUNT,
          DEADLINE,
        ]),
      ],
    ])('%s', (_name, params) => {
      expect(allowed(params)).toEqual({ ok: true });
    });

    it('takes value as the adapter sends it, or absent on a non-payable call', () => {
      const swap = evm('swapExactTokensForTokens', [
        1n,
        1n,
        [USDT, WBNB],
        taxes(0, 0),
        ACCOUNT,
        DEADLINE,
      ]);
      expect(allowed({ ...swap, value: undefined })).toEqual({ ok: true });
      expect(allowed({ ...swap, value: 0 })).toEqual({ ok: true });
      expect(isSwapCall(swap)).toBe(true);
    });
  });

  describe('refuses what would make the wallet pay into pools the config does not list', () => {
    it('base coin into an unlisted token with amountOutMin 0', () => {
      const attack = evm(
        'swapExactBaseForTokens',
        [0n, [WBNB, UNLISTED], taxes(0, 0), ACCOUNT, DEADLINE],
        {
          value: (1000n * E18).toString(),
        },
      );
      expect(allowed(attack).ok).toBe(false);
      // even with a minimum, the unlisted token is refused
      const withMin = evm(
        'swapExactBaseForTokens',
        [1n, [WBNB, UNLISTED], taxes(0, 0), ACCOUNT, DEADLINE],
        {
          value: '100',
        },
      );
      expect(reason(withMin)).toMatch(/outside the network config/);
    });

    it('USDT into an unlisted token declaring a 99% tax', () => {
      const attack = evm('swapExactTokensForTokens', [
        100n * E18,
        1n,
        [USDT, UNLISTED],
        taxes(0, 99),
        ACCOUNT,
        DEADLINE,
      ]);
      expect(reason(attack)).toMatch(/outside the network config/);
    });

    it('declared taxes that are not the configured ones', () => {
      const lie = (t: string[]) =>
        evm('swapExactTokensForBase', [100n, 90n, [JM, WBNB], t, ACCOUNT, DEADLINE]);
      expect(reason(lie(taxes(99, 0)))).toMatch(/declared tax of JM/);
      expect(reason(lie(taxes(0, 0)))).toMatch(/declared tax of JM/);
      expect(reason(lie([]))).toMatch(/taxes do not match/);
      expect(reason(lie(taxes(3, 0, 0)))).toMatch(/taxes do not match/);
    });

    it('a hop that is not a configured pool, a repeated token, a path too long', () => {
      const path = (p: string[]) =>
        evm('swapExactTokensForTokens', [
          100n,
          90n,
          p,
          taxes(...p.map((a) => (a === JM ? 3 : 0))),
          ACCOUNT,
          DEADLINE,
        ]);
      expect(reason(path([USDT, JM]))).toMatch(/USDT\/JM is not a configured pool/);
      expect(reason(path([USDT, WBNB, USDT]))).toMatch(/repeats/);
      expect(reason(path([USDT, BUSD, WBNB, JM]))).toMatch(/length/);
      expect(reason(path([USDT]))).toMatch(/length/);
    });

    it('addLiquidity(USDT, unlisted) with minimums 0', () => {
      const attack = evm('addLiquidity', [
        USDT,
        UNLISTED,
        100n * E18,
        1n,
        0n,
        0n,
        ACCOUNT,
        DEADLINE,
      ]);
      expect(allowed(attack).ok).toBe(false);
      expect(
        reason(evm('addLiquidity', [USDT, UNLISTED, 100n, 1n, 1n, 1n, ACCOUNT, DEADLINE])),
      ).toMatch(/outside the network config/);
      // listed tokens without a configured pool between them
      expect(reason(evm('addLiquidity', [USDT, JM, 100n, 1n, 1n, 1n, ACCOUNT, DEADLINE]))).toMatch(
        /not a configured pool/,
      );
      expect(
        reason(evm('addLiquidityBase', [WBNB, 100n, 1n, 1n, ACCOUNT, DEADLINE], { value: '1' })),
      ).toMatch(/base coin/);
    });

    it('any minimum or amount of 0', () => {
      expect(reason(evm('addLiquidity', [USDT, BUSD, 100n, 100n, 0n, 0n, ACCOUNT, DEADLINE]))).toBe(
        'amountAMin must be above 0',
      );
      expect(
        reason(
          evm('swapExactTokensForTokens', [100n, 0n, [USDT, WBNB], taxes(0, 0), ACCOUNT, DEADLINE]),
        ),
      ).toBe('amountOutMin must be above 0');
      expect(reason(evm('removeLiquidityBase', [USDT, 10n, 1n, 0n, ACCOUNT, DEADLINE]))).toBe(
        'amountBaseMin must be above 0',
      );
      expect(reason(evm('removeLiquidity', [USDT, BUSD, 0n, 1n, 1n, ACCOUNT, DEADLINE]))).toBe(
        'liquidity must be above 0',
      );
    });

    it('calldata with bytes after the arguments, or not in its one canonical encoding', () => {
      const swap = evm('swapExactTokensForTokens', [
        100n,
        90n,
        [USDT, WBNB],
        taxes(0, 0),
        ACCOUNT,
        DEADLINE,
      ]);
      const data = swap.data;
      expect(reason({ ...swap, data: data + word('0') })).toMatch(/exact encoding/);
      expect(reason({ ...swap, data: data + 'ab' })).toMatch(/exact encoding/);
      expect(reason({ ...swap, data: data.slice(0, -64) })).toMatch(/exact encoding/);
      // the recipient word with a dirty high byte
      const dirty = data.replace(word(ACCOUNT), `ff${word(ACCOUNT).slice(2)}`);
      expect(reason({ ...swap, data: dirty })).toMatch(/exact encoding/);
    });

    it('a value on a non-payable function, none on a payable one', () => {
      const swap = evm('swapExactTokensForTokens', [
        100n,
        90n,
        [USDT, WBNB],
        taxes(0, 0),
        ACCOUNT,
        DEADLINE,
      ]);
      expect(reason({ ...swap, value: 5 })).toBe('this function takes no base coin');
      expect(reason({ ...swap, value: '1' })).toBe('this function takes no base coin');
      expect(reason({ ...swap, value: '0x10' })).toBe('bad value');
      expect(reason({ ...swap, value: 1.5 })).toBe('bad value');
      const base = evm('swapExactBaseForTokens', [
        90n,
        [WBNB, USDT],
        taxes(0, 0),
        ACCOUNT,
        DEADLINE,
      ]);
      expect(reason({ ...base, value: '0' })).toMatch(/needs its amount as the value/);
      expect(reason({ ...base, value: undefined })).toMatch(/needs its amount as the value/);
      expect(reason({ ...base, value: (MAX + 1n).toString() })).toBe('bad value');
    });

    it('a request with no network, or another network', () => {
      const swap = evm('swapExactTokensForTokens', [
        100n,
        90n,
        [USDT, WBNB],
        taxes(0, 0),
        ACCOUNT,
        DEADLINE,
      ]);
      expect(reason({ ...swap, network: undefined })).toBe('the request names no network');
      expect(reason({ ...swap, network: 'ETH' })).toMatch(/not ETH/);
    });

    it('a swap that pays someone else, a router that is not the config’s, another function', () => {
      const pays = (to: string) =>
        evm('swapExactTokensForTokens', [100n, 90n, [USDT, WBNB], taxes(0, 0), to, DEADLINE]);
      expect(reason(pays(OTHER))).toBe('the recipient is not the connected account');
      expect(reason({ ...pays(ACCOUNT), to: USDT })).toMatch(/router/);
      expect(reason({ ...pays(ACCOUNT), to: `41${ROUTER.slice(2)}` })).toMatch(/router/);
      expect(reason({ to: OTHER, data: '0x', network: 'BSC' })).toMatch(/router/);
      const transfer = `0xa9059cbb${word(OTHER)}${word('0x1')}`;
      expect(reason({ to: ROUTER, data: transfer, network: 'BSC' })).toMatch(/not allowed/);
      // a swap on the liquidity router, which has none
      expect(reason({ ...pays(ACCOUNT), to: LIQ_ROUTER })).toMatch(/not allowed/);
    });
  });

  describe('approve', () => {
    const approve = (token: string, spender: string, amount: unknown, extra: object = {}) =>
      checkApprove(BSC, { token, spender, amount, network: 'BSC', ...extra });

    it('allows listed tokens and the configured pools’ liquidity tokens, to the routers', () => {
      expect(approve(USDT, ROUTER, '1000')).toEqual({ ok: true });
      expect(approve(USDT, LIQ_ROUTER, MAX.toString())).toEqual({ ok: true });
      expect(approve(JM, ROUTER, 0)).toEqual({ ok: true });
      // liquidity tokens: to the liquidity router, and to the router (taxed tokens' removals)
      expect(approve(PAIR_USDT_BUSD, LIQ_ROUTER, '1000')).toEqual({ ok: true });
      expect(approve(PAIR_BNB_JM, ROUTER, MAX.toString())).toEqual({ ok: true });
    });

    it('refuses other tokens, other spenders, bad amounts and a request with no network', () => {
      expect(approve(USDT, OTHER, '1000').ok).toBe(false);
      expect(approve(OTHER, ROUTER, '1000').ok).toBe(false);
      expect(approve(UNLISTED, ROUTER, '1000').ok).toBe(false);
      expect(approve(WBNB, ROUTER, '1000').ok).toBe(false); // the base coin needs none
      expect(approve(USDT, ROUTER, '-1').ok).toBe(false);
      expect(approve(USDT, ROUTER, '0x10').ok).toBe(false);
      expect(approve(USDT, ROUTER, (MAX + 1n).toString()).ok).toBe(false);
      expect(approve(USDT, ROUTER, '2'.repeat(78)).ok).toBe(false);
      expect(approve(USDT, ROUTER, '1000', { network: undefined })).toEqual({
        ok: false,
        reason: 'the request names no network',
      });
      expect(approve(USDT, ROUTER, '1000', { network: 'ETH' }).ok).toBe(false);
    });
  });

  it('knows where each allowed function takes its recipient', () => {
    for (const m of Object.values(ROUTER_METHODS))
      expect(m.abi.inputs[m.toIndex]).toEqual(
        expect.objectContaining({ name: 'to', type: 'address' }),
      );
  });
});

describe('what the host wallet may be asked to sign (TRON)', () => {
  /** A TRON execute request as the widget's adapter sends it (uints as decimal strings). */
  const tron = (method: Name, params: unknown[], extra: Record<string, unknown> = {}) => ({
    contract: TRON_ROUTER,
    method,
    params,
    feeLimit: 100_000_000,
    callValue: 0,
    network: 'TRON',
    ...extra,
  });
  const reasonOf = (params: Record<string, unknown>) => {
    const v = checkTronExecute(TRON, TRON_ACCOUNT, params);
    return v.ok ? 'allowed' : v.reason;
  };
  const D = '9999999999';

  it('allows the widget’s swaps and liquidity calls', () => {
    expect(
      reasonOf(
        tron('swapExactBaseForTokens', ['90', [WTRX, TRON_USDT], taxes(0, 0), TRON_ACCOUNT, D], {
          callValue: 50_000_000,
        }),
      ),
    ).toBe('allowed');
    expect(
      reasonOf(
        tron('swapExactTokensForBase', [
          '100',
          '90',
          [TRON_JM, WTRX],
          taxes(3, 0),
          TRON_ACCOUNT,
          D,
        ]),
      ),
    ).toBe('allowed');
    expect(
      reasonOf(
        tron('swapTokensForExactTokens', [
          '90',
          '110',
          [TRON_JM, WTRX, TRON_USDT],
          taxes(3, 0, 0),
          TRON_ACCOUNT,
          D,
        ]),
      ),
    ).toBe('allowed');
    expect(
      reasonOf(
        tron('addLiquidityBase', [TRON_USDT, '100', '95', '95', TRON_ACCOUNT, D], {
          contract: TRON_LIQ_ROUTER,
          callValue: 100,
          feeLimit: 200_000_000,
        }),
      ),
    ).toBe('allowed');
    expect(
      reasonOf(
        tron('removeLiquidityBaseSupportingFeeOnTransferTokens', [
          TRON_JM,
          '10',
          '1',
          '1',
          TRON_ACCOUNT,
          D,
        ]),
      ),
    ).toBe('allowed');
  });

  it('refuses a swap down an unlisted path, and the other attacks', () => {
    const swap = (path: string[], extra: Record<string, unknown> = {}, min = '1') =>
      tron(
        'swapExactTokensForTokens',
        ['100', min, path, taxes(...path.map(() => 0)), TRON_ACCOUNT, D],
        extra,
      );
    expect(reasonOf(swap([TRON_USDT, TRON_UNLISTED]))).toMatch(/outside the network config/);
    expect(reasonOf(swap([TRON_USDT, WTRX], {}, '0'))).toBe('amountOutMin must be above 0');
    expect(reasonOf(swap([TRON_USDT, WTRX], { callValue: 5 }))).toBe(
      'this function takes no base coin',
    );
    expect(reasonOf(swap([TRON_USDT, WTRX], { callValue: '1e6' }))).toBe('bad callValue');
    expect(reasonOf(swap([TRON_USDT, WTRX], { feeLimit: 15_000_000_000 }))).toBe('bad feeLimit');
    expect(reasonOf(swap([TRON_USDT, WTRX], { network: undefined }))).toMatch(/no network/);
    expect(reasonOf(swap([TRON_USDT, TRON_JM]))).toMatch(/outside|pool|tax/);
    expect(
      reasonOf(
        tron('swapExactBaseForTokens', ['90', [WTRX, TRON_USDT], taxes(0, 0), TRON_ACCOUNT, D]),
      ),
    ).toMatch(/needs its amount as the value/);
    // typed params only: no hex or float uints, no nested surprises, no other recipient
    const typed = (params: unknown[]) => reasonOf(tron('swapExactTokensForTokens', params));
    const ok = ['100', '90', [TRON_USDT, WTRX], taxes(0, 0), TRON_ACCOUNT, D];
    expect(typed(ok)).toBe('allowed');
    expect(typed(['0x64', ...ok.slice(1)])).toBe('wrong arguments');
    expect(typed([100.5, ...ok.slice(1)])).toBe('wrong arguments');
    expect(typed([...ok.slice(0, 2), [[TRON_USDT], WTRX], ...ok.slice(3)])).toBe('wrong arguments');
    expect(typed([...ok.slice(0, 3), ['0x00', '0x00'], ...ok.slice(4)])).toBe('wrong arguments');
    expect(typed([...ok.slice(0, 4), TRON_USDT, D])).toBe(
      'the recipient is not the connected account',
    );
    expect(typed(ok.slice(1))).toBe('wrong arguments');
    expect(reasonOf({ ...tron('swapExactTokensForTokens', ok), contract: TRON_USDT })).toMatch(
      /router/,
    );
    expect(reasonOf({ ...tron('swapExactTokensForTokens', ok), method: 'transfer' })).toMatch(
      /not allowed/,
    );
  });

  it('approves listed tokens and configured pools to the routers', () => {
    const approve = (token: string, spender: string, amount: unknown = '1000') =>
      checkApprove(TRON, { token, spender, amount, network: 'TRON' }).ok;
    expect(approve(TRON_USDT, TRON_ROUTER)).toBe(true);
    expect(approve(TRON_PAIR_TRX_USDT, TRON_LIQ_ROUTER, MAX.toString())).toBe(true);
    expect(approve(TRON_UNLISTED, TRON_ROUTER)).toBe(false);
    expect(approve(TRON_USDT, TRON_ACCOUNT)).toBe(false);
    expect(approve(TRON_USDT, TRON_ROUTER, (MAX + 1n).toString())).toBe(false);
    expect(approve(`0x${addressKey(TRON_USDT)}`, TRON_ROUTER)).toBe(false);
  });
});
