import {
  feeOutweighsTrade,
  formatUsd,
  formatUsdValue,
  impactUsd,
  usdPriceOfToken,
  usdValueOf,
} from '../history';

it('writes USD figures exactly as Intl en-US currency does, rounding and sign included', () => {
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  });
  const values = [0, -0, 0.004, 0.005, 0.015, 1.005, 2.675, 999.995, 1e-7, 0.1 + 0.2, 1e21, 1.5e22];
  values.push(-0.5, -1234.565, -1e21);
  for (let i = 0; i < 2000; i += 1) values.push(Math.random() * 10 ** (Math.random() * 14));
  for (const value of values) expect(formatUsd(value)).toBe(intl.format(value));
  expect(formatUsd(600_000)).toBe('$600,000.00');
  expect(formatUsd(1234.5)).toBe('$1,234.50');
});

it('writes the given text, "-" by default, when there is no finite figure', () => {
  expect(formatUsd(null)).toBe('-');
  expect(formatUsd(undefined, 'n/a')).toBe('n/a');
  expect(formatUsd(Number.NaN, 'n/a')).toBe('n/a');
  expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('-');
});

describe('dollar values of amounts (the lines under the amounts)', () => {
  it('an amount times the api price, exact for the amount, rounded half up to cents', () => {
    // 1.5 BNB at 530.12 USD
    expect(formatUsdValue(usdValueOf(15n * 10n ** 17n, 18, 530.12)!)).toBe('$795.18');
    // 123.456789 USDT (6 decimals) at 1
    expect(formatUsdValue(usdValueOf(123_456_789n, 6, 1)!)).toBe('$123.46');
    expect(formatUsdValue(usdValueOf(10n ** 30n, 18, 0.5)!)).toBe('$500,000,000,000.00');
    // tiny prices and tiny values
    expect(formatUsdValue(usdValueOf(1n, 8, 1e-10)!)).toBe('<$0.01');
    expect(formatUsdValue(usdValueOf(0n, 8, 3)!)).toBe('$0.00');
    expect(formatUsdValue(usdValueOf(2n * 10n ** 8n, 8, 1.23e-7)!)).toBe('<$0.01');
  });

  it('no price, a zero, negative or non-finite price: no value at all (hidden, never guessed)', () => {
    for (const price of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(usdValueOf(10n ** 18n, 18, price)).toBeUndefined();
  });

  it("the price impact's dollars: that share of the input's value, else of the output's", () => {
    const dollars = (n: number) => BigInt(n) * 10n ** 18n;
    expect(impactUsd(250n, dollars(1000), dollars(970))).toBe(dollars(25));
    // only the output priced: 970 received at 3% impact was worth 1000 without it
    expect(impactUsd(300n, undefined, dollars(970))).toBe(dollars(30));
    expect(impactUsd(300n, undefined, undefined)).toBeUndefined();
    expect(impactUsd(0n, dollars(5), undefined)).toBe(0n);
    expect(formatUsdValue(-dollars(3) / 2n)).toBe('-$1.50');
  });
});

describe('usdPriceOfToken', () => {
  const prices = { USDT: 1, JM: null };
  it("gives a listed token the API's price by its symbol", () => {
    expect(usdPriceOfToken(prices, { symbol: 'USDT' })).toBe(1);
    expect(usdPriceOfToken(prices, { symbol: 'JM' })).toBeNull();
    expect(usdPriceOfToken(undefined, { symbol: 'USDT' })).toBeUndefined();
  });
  it('never gives an imported or list token the price of a listed one with its symbol', () => {
    expect(usdPriceOfToken(prices, { symbol: 'USDT', origin: 'imported' })).toBeUndefined();
    expect(usdPriceOfToken(prices, { symbol: 'USDT', origin: 'list' })).toBeUndefined();
  });
});

describe('a network fee worth more than the trade', () => {
  const bnb = (wei: bigint) => ({ amount: wei, decimals: 18, priceUsd: 600 });
  const dollars = (cents: bigint) => cents * 10n ** 16n; // usdValueOf: 18 decimals

  it('says both values when the fee is worth more (a dust swap)', () => {
    // 0.000127 BNB of gas ($0.08) to swap $0.01
    expect(feeOutweighsTrade(bnb(127_000_000_000_000n), dollars(1n))).toEqual({
      fee: '$0.08',
      trade: '$0.01',
    });
  });

  it('says nothing when the fee is worth no more than the trade, or a value is unknown', () => {
    expect(feeOutweighsTrade(bnb(127_000_000_000_000n), dollars(500n))).toBeUndefined();
    const fee = usdValueOf(127_000_000_000_000n, 18, 600)!;
    expect(feeOutweighsTrade(bnb(127_000_000_000_000n), fee)).toBeUndefined();
    expect(feeOutweighsTrade(bnb(127_000_000_000_000n), undefined)).toBeUndefined();
    expect(
      feeOutweighsTrade({ amount: 10n ** 18n, decimals: 18, priceUsd: null }, 1n),
    ).toBeUndefined();
  });
});
