import fc from 'fast-check';
import { effectiveTax, grossForNet, netAfterTax, taxOn, taxesArray } from './tax';

describe('netAfterTax', () => {
  it.each([
    [1000n, 3, 970n],
    [1000n, 0, 1000n],
    [99n, 3, 97n], // floor(2.97) = 2 taxed
    [1n, 10, 1n], // floor(0.1) = 0 taxed
    [0n, 99, 0n],
    [100n, 99, 1n],
  ])('net(%s) with %i%% = %s', (amount, tax, net) => {
    expect(netAfterTax(amount, tax)).toBe(net);
    expect(taxOn(amount, tax)).toBe(amount - net);
  });

  it.each([-1, 100, 2.5, Number.NaN])('rejects tax %s', (tax) => {
    expect(() => netAfterTax(1n, tax)).toThrow(RangeError);
    expect(() => grossForNet(1n, tax)).toThrow(RangeError);
  });

  it('rejects negative amounts', () => {
    expect(() => netAfterTax(-1n, 3)).toThrow(RangeError);
    expect(() => grossForNet(-1n, 3)).toThrow(RangeError);
  });
});

describe('grossForNet', () => {
  it.each([
    [970n, 3, 999n], // net(999) = 999 - 29 = 970
    [1000n, 3, 1030n],
    [97n, 3, 99n],
    [1n, 10, 1n],
    [9n, 10, 9n],
    [10n, 10, 11n],
    [0n, 50, 0n],
    [1234n, 0, 1234n],
    [1n, 99, 1n],
    [2n, 99, 101n],
  ])('grossFor(%s) with %i%% = %s', (net, tax, gross) => {
    expect(grossForNet(net, tax)).toBe(gross);
  });

  it('is the smallest x with net(x) >= y', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 99 }),
        (net, tax) => {
          const gross = grossForNet(net, tax);
          expect(netAfterTax(gross, tax)).toBeGreaterThanOrEqual(net);
          if (gross > 0n) expect(netAfterTax(gross - 1n, tax)).toBeLessThan(net);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is the identity for tax 0 and net(grossFor(net(x))) == net(x)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 99 }),
        (x, tax) => {
          expect(grossForNet(x, 0)).toBe(x);
          const net = netAfterTax(x, tax);
          expect(netAfterTax(grossForNet(net, tax), tax)).toBe(net);
          expect(grossForNet(net, tax)).toBeLessThanOrEqual(x);
        },
      ),
    );
  });
});

describe('taxesArray', () => {
  it('has one entry per path token, the base coin untaxed', () => {
    expect(taxesArray([{ tax: 0, isBase: true }, { tax: 3 }, { tax: 10, isBase: false }])).toEqual([
      0n,
      3n,
      10n,
    ]);
    expect(effectiveTax({ tax: 5, isBase: true })).toBe(0);
  });
  it('rejects an invalid configured tax', () => {
    expect(() => taxesArray([{ tax: 100 }])).toThrow(RangeError);
  });
});
