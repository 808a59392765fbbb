import { MAX_APPROVAL } from './constants';
import {
  type SwapValidationInput,
  isAllowanceSufficient,
  needsApproval,
  validateMax,
  validateSwap,
} from './validation';

const valid: SwapValidationInput = {
  fromToken: 'TRX',
  toToken: 'JM',
  fromAmount: 10n,
  toAmount: 5n,
  fromIsBase: true,
  fromBalance: 100n,
};

describe('validateSwap', () => {
  it('passes a valid swap', () => {
    expect(validateSwap(valid)).toEqual({ ok: true });
  });

  it.each([
    [{ fromToken: null }, 'Select the tokens first'],
    [{ toToken: '' }, 'Select the tokens first'],
    [{ fromToken: undefined, fromAmount: null }, 'Select the tokens first'],
    [{ fromAmount: null }, 'You need to input the values first'],
    [{ toAmount: undefined }, 'You need to input the values first'],
    [{ fromAmount: 0n }, 'You need to input the values first'],
    [{ fromAmount: 101n }, 'Insufficient balance'],
    [{ fromAmount: 101n, fromIsBase: false }, 'Insufficient balance of selected token'],
  ])('checks in the spec order: %o -> %s', (patch, message) => {
    const result = validateSwap({ ...valid, ...patch });
    expect(result).toMatchObject({ ok: false, message });
  });

  it('applies the TRON energy rule last', () => {
    const TRX = 1_000_000n;
    const tron = { energy: 0, pathLength: 2, trxBalance: 100n * TRX };
    const input = { ...valid, fromAmount: 60n * TRX, fromBalance: 100n * TRX, tron };
    expect(validateSwap(input)).toEqual({
      ok: false,
      code: 'TRON_FEES',
      message:
        "You don't have enough energy or TRX for the transaction. Try to leave at least 47 TRX for the fees.",
    });
    expect(validateSwap({ ...input, fromAmount: 50n * TRX })).toEqual({ ok: true });
    expect(validateSwap({ ...input, tron: { ...tron, energy: 160_000 } })).toEqual({ ok: true });
  });
});

describe('validateMax', () => {
  it('needs both tokens', () => {
    expect(validateMax('TRX', 'JM')).toEqual({ ok: true });
    expect(validateMax('TRX', null)).toEqual({
      ok: false,
      code: 'SELECT_BOTH_TOKENS',
      message: 'Select both tokens first',
    });
    expect(validateMax(undefined, 'JM')).toMatchObject({ ok: false });
  });
});

describe('allowance', () => {
  it('max mode: only the maximum approval value is sufficient (spec)', () => {
    expect(isAllowanceSufficient(MAX_APPROVAL, 10n)).toBe(true);
    expect(isAllowanceSufficient(10n ** 30n, 10n)).toBe(false);
    expect(isAllowanceSufficient(2n ** 255n - 1n, 10n, 'max')).toBe(false);
  });
  it('max mode: an unlimited allowance a token spends from still counts (from 2^255 up)', () => {
    expect(isAllowanceSufficient(MAX_APPROVAL - 1n, 10n)).toBe(true);
    expect(isAllowanceSufficient(MAX_APPROVAL - 10n ** 30n, 10n, 'max')).toBe(true);
    expect(isAllowanceSufficient(2n ** 255n, 10n, 'max')).toBe(true);
  });
  it('exact mode: covers the amount', () => {
    expect(isAllowanceSufficient(10n, 10n, 'exact')).toBe(true);
    expect(isAllowanceSufficient(9n, 10n, 'exact')).toBe(false);
  });
  it('the base coin needs no approval', () => {
    expect(needsApproval({ isBase: true })).toBe(false);
    expect(needsApproval({})).toBe(true);
  });
});
