import fc from 'fast-check';
import {
  assertDecimals,
  formatAmount,
  formatAmountUp,
  formatBps,
  formatFixed,
  formatPrice,
  formatUnits,
  isValidAmountInput,
  lpTokensText,
  parseAmount,
  asciiNumberText,
  pastedAmount,
  priceText,
  toBaseUnits,
} from './amounts';
import { UINT256_MAX } from './constants';
import { ChainError } from './errors';

describe('parseAmount', () => {
  it.each([
    ['1', 18, 10n ** 18n, false],
    ['1.5', 6, 1_500_000n, false],
    ['.5', 6, 500_000n, false],
    ['1.', 6, 1_000_000n, false],
    ['0', 6, 0n, false],
    ['0.0', 6, 0n, false],
    ['000123.45', 2, 12345n, false],
    ['  2.5 ', 1, 25n, false],
    ['\t7\n', 0, 7n, false],
    ['1.23456789', 6, 1_234_567n, true],
    ['1.2345670000', 6, 1_234_567n, false],
    ['1.9', 0, 1n, true],
    ['0.000000000000000001', 18, 1n, false],
    [
      '1234567890123456789012345678901234567890',
      0,
      1234567890123456789012345678901234567890n,
      false,
    ],
    [UINT256_MAX.toString(), 0, UINT256_MAX, false],
    [
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
      18,
      UINT256_MAX,
      false,
    ],
  ])('%j with %i decimals -> %s (truncated %s)', (input, decimals, value, truncated) => {
    expect(parseAmount(input, decimals)).toEqual({ ok: true, value, truncated });
  });

  // reliability-checklist item 33 and the spec's conversion rules: never throws, never a value.
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['.', 'invalid'],
    ['-', 'invalid'],
    ['-.', 'invalid'],
    ['1.2.3', 'too-many-decimal-points'],
    ['..', 'too-many-decimal-points'],
    ['-1', 'negative'],
    ['-0.5', 'negative'],
    ['+1', 'invalid'],
    ['--1', 'invalid'],
    ['abc', 'invalid'],
    ['-abc', 'invalid'],
    ['1e18', 'invalid'],
    ['1e999', 'invalid'],
    ['1E5', 'invalid'],
    ['0x10', 'invalid'],
    ['1,000,000', 'invalid'],
    ['1,5', 'invalid'],
    ['1 000', 'invalid'],
    ['1_000', 'invalid'],
    ['Infinity', 'invalid'],
    ['NaN', 'invalid'],
    ['\u0661\u0662\u0663', 'invalid'], // Arabic-Indic 123
    ['\u06f1', 'invalid'], // Extended Arabic-Indic 1
    ['\uff11', 'invalid'], // full-width 1
    ['\u0967', 'invalid'], // Devanagari 1
    [(UINT256_MAX + 1n).toString(), 'too-large'],
    ['1' + '0'.repeat(100), 'too-large'],
    ['1' + '0'.repeat(60), 'too-large'],
  ])('%j is rejected as %s', (input, reason) => {
    expect(parseAmount(input, 18)).toEqual({ ok: false, reason });
  });

  it('a 40-digit amount with 18 decimals is fine (below uint256)', () => {
    const forty = '9'.repeat(40);
    expect(parseAmount(forty, 18)).toEqual({
      ok: true,
      value: BigInt(forty) * 10n ** 18n,
      truncated: false,
    });
  });

  it('one above uint256 with 0 decimals (same digit count as the max)', () => {
    expect(parseAmount((UINT256_MAX + 1n).toString(), 0)).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('above uint256 only once the decimals are applied', () => {
    expect(parseAmount(UINT256_MAX.toString(), 1)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('treats non-string input as empty (defensive, never throws)', () => {
    expect(parseAmount(undefined as unknown as string, 6)).toEqual({ ok: false, reason: 'empty' });
  });

  it('strict mode rejects digits beyond the decimals instead of truncating', () => {
    expect(parseAmount('1.234', 2, { strict: true })).toEqual({
      ok: false,
      reason: 'too-many-decimals',
    });
    expect(parseAmount('1.230', 2, { strict: true })).toEqual({
      ok: true,
      value: 123n,
      truncated: false,
    });
  });

  it('rejects invalid decimals loudly (a programming error)', () => {
    for (const d of [-1, 1.5, 256, Number.NaN]) {
      expect(() => assertDecimals(d)).toThrow(RangeError);
      expect(() => parseAmount('1', d)).toThrow(RangeError);
    }
  });

  it('never throws for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 0, max: 18 }), (text, d) => {
        const result = parseAmount(text, d);
        if (result.ok) expect(result.value).toBeGreaterThanOrEqual(0n);
      }),
    );
  });
});

describe('toBaseUnits (the wei conversion)', () => {
  it('converts', () => {
    expect(toBaseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
  });
  it('throws "invalid value" for a lone "."', () => {
    expect(() => toBaseUnits('.', 18)).toThrow(new ChainError('INVALID_VALUE', 'invalid value'));
  });
  it('throws "too many decimal points"', () => {
    expect(() => toBaseUnits('1.2.3', 18)).toThrow('too many decimal points');
    try {
      toBaseUnits('1.2.3', 18);
    } catch (error) {
      expect((error as ChainError).code).toBe('TOO_MANY_DECIMAL_POINTS');
    }
  });
  it('throws "invalid value" for everything else', () => {
    expect(() => toBaseUnits('-1', 18)).toThrow('invalid value');
    expect(() => toBaseUnits('', 18)).toThrow('invalid value');
  });
});

describe('isValidAmountInput', () => {
  it.each(['', '0', '1', '1.', '.', '.5', '12.345', '007'])('accepts %j while typing', (text) => {
    expect(isValidAmountInput(text)).toBe(true);
  });
  it.each(['-', '-1', '+1', '1e5', '0x1', '1,0', '1 ', ' 1', '1.2.3', 'abc', '\u0661'])(
    'refuses %j',
    (text) => {
      expect(isValidAmountInput(text)).toBe(false);
    },
  );
  it('limits fraction digits to the token decimals when given', () => {
    expect(isValidAmountInput('1.123456', 6)).toBe(true);
    expect(isValidAmountInput('1.1234567', 6)).toBe(false);
    expect(isValidAmountInput('1', 0)).toBe(true);
    expect(isValidAmountInput('1.', 0)).toBe(true);
    expect(isValidAmountInput('1.0', 0)).toBe(false);
  });
});

describe('asciiNumberText', () => {
  it.each([
    ['０.５', '0.5'],
    ['0。5', '0.5'],
    ['１２３４５６７８９０．０１', '1234567890.01'],
    ['1，5', '1,5'],
    // Other scripts' digits are not a full-width form of ASCII: they are left to be refused.
    ['١٢', '١٢'],
    ['12.5', '12.5'],
  ])('%j reads as %j', (typed, ascii) => expect(asciiNumberText(typed)).toBe(ascii));
});

describe('pastedAmount', () => {
  it.each([
    ['  25 \n', '25'],
    ['1,000,000', '1000000'],
    ['1,000.50', '1000.50'],
    ['1.000.000', '1000000'],
    ['1.000,50', '1000.50'],
    ['1 000 000', '1000000'],
    ['1\u00a0000,5', '1000.5'],
    ['0,5', '0.5'],
    // A lone group stays what typing gives: a decimal comma or point.
    ['1,000', '1.000'],
    ['1.000', '1.000'],
    ['.5', '.5'],
    // A Chinese or Japanese input method's full-width text.
    ['\u3000０．５\u3000', '0.5'],
    ['１，０００．５', '1000.5'],
  ])('%j reads as %j', (pasted, amount) => expect(pastedAmount(pasted)).toBe(amount));

  it.each(['', '  ', '1e3', '$100', '12.5 TRX', '-5', '1,00,000', '1.000,000.5', '1,5,5', '0x10'])(
    '%j is not an amount',
    (pasted) => expect(pastedAmount(pasted)).toBeUndefined(),
  );
});

describe('formatUnits', () => {
  it.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1_500_000n, 6, '1.5'],
    [1_000_000n, 6, '1'],
    [123n, 0, '123'],
    [-1_500_000n, 6, '-1.5'],
    [
      UINT256_MAX,
      18,
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    ],
  ])('%s with %i decimals -> %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text);
  });
});

describe('formatAmountUp (Maximum sold)', () => {
  it('rounds up at the last place shown, so it never reads less than the bound sent', () => {
    expect(formatAmountUp(1_234_567_890_123_456_789n, 18)).toBe('1.234567890124');
    expect(formatAmount(1_234_567_890_123_456_789n, 18)).toBe('1.234567890123');
    expect(formatAmountUp(1n, 18)).toBe('0.000000000001');
    expect(formatAmountUp(1_500_000n, 6)).toBe('1.5');
    expect(formatAmountUp(0n, 18)).toBe('0');
  });
});

describe('formatAmount', () => {
  it('truncates to 12 decimals at most, never rounding up', () => {
    expect(formatAmount(999_999_999_999_999_999n, 18)).toBe('0.999999999999');
    expect(formatAmount(1n, 18)).toBe('0');
  });
  it('truncates to the display decimals and drops trailing zeros', () => {
    expect(formatAmount(1_239_999n, 6, 2)).toBe('1.23');
    expect(formatAmount(1_200_000n, 6, 4)).toBe('1.2');
    expect(formatAmount(1_000_000n, 6, 4)).toBe('1');
    expect(formatAmount(1_999_999n, 6, 0)).toBe('1');
    expect(formatAmount(1_999_999n, 6, -3)).toBe('1');
    expect(formatAmount(1_999_999n, 6, 20)).toBe('1.999999');
  });
  it('never uses an exponent', () => {
    expect(formatAmount(10n ** 40n, 0)).toBe('1' + '0'.repeat(40));
    expect(formatAmount(10n ** 30n, 18)).toBe('1000000000000');
  });
  it('keeps the sign of a negative value that shows, not of one that truncates to 0', () => {
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
    expect(formatAmount(-1n, 18)).toBe('0');
  });
  it('with dust: an amount too small for the places shown reads as tiny prices do, never "0"', () => {
    const dust = { dust: true };
    expect(formatAmount(596n, 18, 6, dust)).toBe('0.0₁₅596');
    expect(formatAmount(596n, 18, undefined, dust)).toBe('0.0₁₅596');
    expect(formatAmount(9_999n, 6, 2, dust)).toBe('0.009999');
    expect(formatAmount(123_456_789n, 18, 6, dust)).toBe('0.0₉1234');
    expect(formatAmount(1n, 2, 6, dust)).toBe('0.01');
    expect(formatAmount(0n, 18, 6, dust)).toBe('0');
    expect(formatAmount(-1n, 18, 6, dust)).toBe('0');
    expect(formatAmount(1_000_001_000_000n, 18, 6, dust)).toBe('0.000001');
    expect(formatAmount(10n ** 18n + 1n, 18, 6, dust)).toBe('1');
  });
});

describe('formatFixed', () => {
  it.each([
    [123_456_789n, 8, 8, '1.23456789'],
    [123_456_789n, 8, 6, '1.234567'],
    [100_000_000n, 8, 2, '1.00'],
    [5n, 0, 2, '5.00'],
    [1_999n, 3, 0, '1'],
    [0n, 18, 6, '0.000000'],
    [-1_239n, 3, 2, '-1.23'],
    [-1n, 3, 2, '0.00'],
  ])('%s (%i decimals) to %i places -> %s', (value, decimals, places, text) => {
    expect(formatFixed(value, decimals, places)).toBe(text);
  });
  it('rejects invalid places', () => {
    expect(() => formatFixed(1n, 2, -1)).toThrow(RangeError);
    expect(() => formatFixed(1n, 2, 1.5)).toThrow(RangeError);
  });
  it('formatBps shows percent with 2 decimals', () => {
    expect(formatBps(1234n)).toBe('12.34');
    expect(formatBps(5n)).toBe('0.05');
    expect(formatBps(10000n)).toBe('100.00');
  });
});

describe('round trips (reliability item 33)', () => {
  const decimalsArb = fc.integer({ min: 0, max: 18 });
  const valueArb = fc.bigInt({ min: 0n, max: UINT256_MAX });

  it('parse(formatUnits(x)) == x for decimals 0..18', () => {
    fc.assert(
      fc.property(valueArb, decimalsArb, (value, decimals) => {
        expect(parseAmount(formatUnits(value, decimals), decimals)).toEqual({
          ok: true,
          value,
          truncated: false,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('parse(formatAmount(x)) == x when the decimals fit the display (<= 12), never above x otherwise', () => {
    fc.assert(
      fc.property(valueArb, decimalsArb, (value, decimals) => {
        const parsed = parseAmount(formatAmount(value, decimals), decimals);
        if (!parsed.ok) throw new Error('formatAmount produced an unparsable string');
        if (decimals <= 12) expect(parsed.value).toBe(value);
        expect(parsed.value).toBeLessThanOrEqual(value);
        expect(value - parsed.value).toBeLessThan(10n ** BigInt(Math.max(0, decimals - 12)));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatFixed never rounds up', () => {
    fc.assert(
      fc.property(
        valueArb,
        decimalsArb,
        fc.integer({ min: 0, max: 20 }),
        (value, decimals, places) => {
          const parsed = parseAmount(formatFixed(value, decimals, places), decimals);
          if (!parsed.ok) throw new Error('formatFixed produced an unparsable string');
          expect(parsed.value).toBeLessThanOrEqual(value);
        },
      ),
    );
  });
});

/** "0.0₁₄1013" written out: "0.000000000000001013". */
const unsubscripted = (text: string) =>
  text.replace(/0([₀-₉]+)/, (_, run: string) =>
    '0'.repeat([...run].reduce((n, d) => n * 10 + d.charCodeAt(0) - 0x2080, 0)),
  );

describe('priceText', () => {
  it.each([
    ['531.471537', 5, '531.47153'],
    ['0.000100955', 5, '0.00010'],
    ['2', 8, '2.00000000'],
    ['0', 8, '0.00000000'],
    ['0.000000000', 8, '0.00000000'],
    ['1000000000000000', 8, '1000000000000000.00000000'],
    ['0.0000001234', 8, '0.00000012'],
    ['0.00000001234', 8, '0.0₇1234'],
    ['0.000000000000001013', 8, '0.0₁₄1013'],
    ['0.000000000000001000', 5, '0.0₁₄1'],
    ['0.00001234567', 5, '0.0₄1234'],
    ['0.0000123', 6, '0.000012'],
    ['0.00000123', 6, '0.0₅123'],
    ['0.001234', 2, '0.001234'],
  ])('%s at %i places reads %s', (exact, places, text) => {
    expect(priceText(exact, places)).toBe(text);
  });

  it('is how the swap box writes its 10^18-scaled prices', () => {
    // A meme token priced 1.013e-15 BNB, and BNB priced in it.
    expect(formatPrice(1013n)).toBe('0.0₁₄1013');
    expect(formatPrice(987166831194472n * 10n ** 18n)).toBe('987166831194472.00000000');
    expect(formatPrice(0n)).toBe('0.00000000');
  });

  it('never reads more than the price (truncated, not rounded)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 2, max: 10 }),
        (v, p) => {
          const exact = formatUnits(v, 18);
          const text = unsubscripted(priceText(exact, p));
          const parsed = parseAmount(text, 18);
          expect(parsed.ok).toBe(true);
          const shown = (parsed as { value: bigint }).value;
          expect(shown <= v).toBe(true);
          // At least two significant digits of the price show: never 10% or more below it.
          expect(shown * 10n > v * 9n).toBe(true);
        },
      ),
    );
  });
});

describe('lpTokensText (pool tokens, 18 decimals)', () => {
  it.each([
    // A BSC pair's pool tokens: 12 decimals at most, trailing zeros dropped.
    [1_234_567_890_123_456_789n, '1.234567890123'],
    [17_600_000_000_000_000_000n, '17.6'],
    [0n, '0'],
    // TRX/USDT, 6 decimals each: 100 TRX mints about 1e-10.
    [999_999_999_999n, '0.000000999999'],
    [1_234_567_890n, '0.000000001234'],
    // TRX and a token without decimals: 12 decimals would read "0".
    [447_213n, '0.0₁₂4472'],
    [123_456_789n, '0.0₉1234'],
    [1n, '0.0₁₇1'],
    [100_000n, '0.0₁₂1'],
  ])('%s base units read %s', (value, text) => {
    expect(lpTokensText(value)).toBe(text);
  });

  it('never reads 0 for pool tokens a wallet holds, nor more than it holds', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), (v) => {
        const text = unsubscripted(lpTokensText(v));
        const parsed = parseAmount(text, 18);
        expect(parsed.ok).toBe(true);
        const shown = (parsed as { value: bigint }).value;
        expect(shown > 0n && shown <= v).toBe(true);
      }),
    );
  });
});
