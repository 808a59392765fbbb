import { render } from '@testing-library/react';
import { usdDifferenceBps } from '../useUsdLines';
import { ReceiveUsd } from './ReceiveUsd';

const dollars = (n: number) => BigInt(n) * 10n ** 18n;

describe('usdDifferenceBps', () => {
  it("is the receive side's value against the sell side's, truncated toward zero", () => {
    expect(usdDifferenceBps(dollars(100), dollars(97))).toBe(-300n);
    expect(usdDifferenceBps(dollars(100), dollars(103))).toBe(300n);
    expect(usdDifferenceBps(dollars(3), dollars(2))).toBe(-3333n);
    expect(usdDifferenceBps(dollars(100), dollars(100) - 1n)).toBe(0n);
  });
  it('is undefined unless both sides are worth something', () => {
    expect(usdDifferenceBps(undefined, dollars(1))).toBeUndefined();
    expect(usdDifferenceBps(dollars(1), undefined)).toBeUndefined();
    expect(usdDifferenceBps(0n, dollars(1))).toBeUndefined();
  });
});

describe('ReceiveUsd', () => {
  /** The difference as the receive side's dollar line shows it, then off the screen again. */
  const shown = (difference?: bigint) => {
    const { container, unmount } = render(<ReceiveUsd usd="$97.00" difference={difference} />);
    const span = container.querySelector('[data-testid="usd-difference"]');
    const seen = { line: container.textContent, text: span?.textContent, level: span?.className };
    unmount();
    return seen;
  };
  it('writes a loss with its sign, amber from 5% and red from 15%, as the price impact', () => {
    expect(shown(-288n)).toEqual({
      line: '$97.00 (-2.88%)',
      text: '(-2.88%)',
      level: 'jm-impact-ok',
    });
    expect(shown(-600n).level).toBe('jm-impact-warning');
    expect(shown(-1600n).level).toBe('jm-impact-danger');
  });
  it('writes a gain with a plus and keeps it muted; none without both values', () => {
    expect(shown(4627n)).toMatchObject({ text: '(+46.27%)', level: 'jm-impact-ok' });
    expect(shown(0n).text).toBe('(0.00%)');
    expect(shown(undefined)).toEqual({ line: '$97.00', text: undefined, level: undefined });
  });
});
