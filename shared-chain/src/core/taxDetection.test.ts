import fc from 'fast-check';
import { netAfterTax } from './tax';
import {
  checkTax,
  fitsTax,
  shownTaxBps,
  taxOfTransfer,
  taxWarning,
  withDetectedTaxes,
} from './taxDetection';

describe('taxOfTransfer', () => {
  it.each([
    [1_000_000n, 970_000n, 300n, true, 300n],
    [1_000_000n, 1_000_000n, 0n, true, 0n],
    [123_456_789n, netAfterTax(123_456_789n, 7), 700n, true, 700n],
    [20_000n, 19_950n, 25n, true, 25n], // 0.25%
    [99n, 97n, 203n, false, 303n], // too few units to tell 2.03% from 3.03%
    [1_027n, 997n, 293n, false, 301n], // a token without decimals, 3%: 30 of 1027 units
  ])('%s sent, %s received -> %s bps (exact %s), up to %s', (sent, received, bps, exact, max) => {
    expect(taxOfTransfer(sent, received)).toEqual({ bps, exact, maxBps: max });
  });

  it('fits every rate that takes the fee seen, and shows a whole percent among them', () => {
    const few = taxOfTransfer(1_027n, 997n)!;
    expect([292n, 293n, 300n, 301n, 302n].map((bps) => fitsTax(few, bps))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(shownTaxBps(few)).toBe(300n);
    // 2.5% of 1000 units fits 2.5% to 2.509%: no whole percent, the lowest rate shows.
    expect(shownTaxBps(taxOfTransfer(1_000n, 975n)!)).toBe(250n);
    expect(shownTaxBps({ bps: 410n, exact: true })).toBe(410n);
  });

  it('refuses readings no transfer can give', () => {
    expect(taxOfTransfer(0n, 0n)).toBeUndefined();
    expect(taxOfTransfer(100n, 101n)).toBeUndefined();
    expect(taxOfTransfer(100n, -1n)).toBeUndefined();
  });

  it('finds every whole-percent tax exactly from one transfer of at least 10000 units', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 99 }),
        (sent, percent) => {
          expect(taxOfTransfer(sent, netAfterTax(sent, percent))).toMatchObject({
            bps: BigInt(percent) * 100n,
            exact: true,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('checkTax', () => {
  it('keeps the configured tax when the chain agrees or cannot be asked', () => {
    expect(checkTax('JM', 3, { bps: 300n, exact: true })).toMatchObject({
      usedPercent: 3,
      differs: false,
    });
    expect(checkTax('JM', 3, undefined)).toMatchObject({ usedPercent: 3, differs: false });
  });

  it('keeps the configured tax when a reading of few units fits it (a token without decimals)', () => {
    // 3% of 1027 units takes 30, which 2.93% would take too: no "now takes 2.93%".
    expect(checkTax('WHOLE', 3, taxOfTransfer(1_027n, 997n))).toMatchObject({
      usedPercent: 3,
      differs: false,
      label: '3%',
    });
    const other = checkTax('WHOLE', 5, taxOfTransfer(1_027n, 997n));
    expect(other).toMatchObject({ differs: true, label: '3%' });
  });

  it('uses the detected tax when it differs, a fraction rounded up', () => {
    const changed = checkTax('TCT', 2, { bps: 500n, exact: true });
    expect(changed).toMatchObject({ usedPercent: 5, differs: true, label: '5%' });
    expect(changed.warning).toBe(taxWarning(changed));
    expect(taxWarning(changed)).toBe(
      'TCT now takes 5% on every transfer, not the 2% listed for it. The estimate uses 5%.',
    );
    const fraction = checkTax('X', 0, { bps: 250n, exact: true });
    expect(fraction.usedPercent).toBe(3);
    expect(taxWarning(fraction)).toContain('takes 2.5% on every transfer, not the 0%');
    expect(checkTax('X', 0, { bps: 9_999n, exact: true }).usedPercent).toBe(99);
    expect(taxWarning(checkTax('JM', 3, undefined))).toBeUndefined();
  });
});

describe('withDetectedTaxes', () => {
  it('replaces only the differing tokens', () => {
    const tokens = { JM: { tax: 3 }, TCT: { tax: 2 }, TRX: { tax: 0 } };
    const out = withDetectedTaxes(tokens, {
      JM: checkTax('JM', 3, { bps: 300n, exact: true }),
      TCT: checkTax('TCT', 2, { bps: 500n, exact: true }),
    });
    expect(out).toEqual({ JM: { tax: 3 }, TCT: { tax: 5 }, TRX: { tax: 0 } });
    expect(tokens.TCT.tax).toBe(2);
  });

  it('gives the same table back while the chain agrees with the config, and one copy per set of detected taxes', () => {
    const tokens = { JM: { tax: 3 }, TCT: { tax: 2 }, TRX: { tax: 0 } };
    const agreeing = { JM: checkTax('JM', 3, { bps: 300n, exact: true }) };
    expect(withDetectedTaxes(tokens, agreeing)).toBe(tokens);
    expect(withDetectedTaxes(tokens, {})).toBe(tokens);
    const fivePercent = () => ({ TCT: checkTax('TCT', 2, { bps: 500n, exact: true }) });
    const first = withDetectedTaxes(tokens, fivePercent());
    expect(withDetectedTaxes(tokens, { ...agreeing, ...fivePercent() })).toBe(first);
    const sixPercent = withDetectedTaxes(tokens, {
      TCT: checkTax('TCT', 2, { bps: 600n, exact: true }),
    });
    expect(sixPercent).not.toBe(first);
    expect(sixPercent.TCT?.tax).toBe(6);
    expect(first.TCT?.tax).toBe(5);
  });
});
