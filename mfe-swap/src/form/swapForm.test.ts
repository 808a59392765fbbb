import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import {
  initialSwapForm,
  isWorseQuote,
  quoteKindFor,
  swapFormReducer,
  toFallback,
  type SwapFormState,
  type SwapQuote,
} from './swapForm';

const { networks } = parseNetworksFile(production);
const quote: SwapQuote = {
  kind: 'exactIn',
  amountIn: 1_000_000n,
  amountOut: 5n,
  bound: 4n,
  priceImpactBps: 12n,
  liquidityProviderFee: 1n,
  feeSymbol: 'JM',
  path: ['TRX', 'JM'],
};
const start = (): SwapFormState => initialSwapForm(networks.TRON, {});
const typed = (s: SwapFormState, field: 1 | 2, text: string) =>
  swapFormReducer(s, { type: 'typed', field, text });

describe('initial tokens', () => {
  it('uses the network defaults', () => {
    expect(start()).toMatchObject({
      fromSymbol: 'TRX',
      toSymbol: 'JM',
      fromAmount: '',
      lastEdited: 1,
    });
    expect(initialSwapForm(networks.POLY, {})).toMatchObject({
      fromSymbol: 'USDT',
      toSymbol: 'MATIC',
    });
  });

  it('takes widget options over query parameters, and clears unknown symbols', () => {
    expect(initialSwapForm(networks.TRON, { query: { from: 'USDT', to: 'NOLE' } })).toMatchObject({
      fromSymbol: 'USDT',
      toSymbol: 'NOLE',
    });
    expect(
      initialSwapForm(networks.TRON, {
        widget: { fromToken: 'JST' },
        query: { from: 'USDT', to: 'NOLE' },
      }),
    ).toMatchObject({ fromSymbol: 'JST', toSymbol: 'NOLE' });
    expect(initialSwapForm(networks.TRON, { query: { from: 'DOGE', to: 'FAKE' } })).toMatchObject({
      fromSymbol: 'TRX',
      toSymbol: 'JM',
    });
    expect(initialSwapForm(networks.TRON, { query: { from: 'JM', to: 'JM' } })).toMatchObject({
      fromSymbol: 'TRX',
      toSymbol: 'JM',
    });
  });

  it('keeps the side a link names when the other side falls back to the same token', () => {
    const meme = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
    // Sell a new token for BNB: BNB stays the receive side (the import fills the sell side).
    expect(initialSwapForm(networks.BSC, { query: { from: meme, to: 'BNB' } })).toMatchObject({
      fromSymbol: 'USDT',
      toSymbol: 'BNB',
    });
    // Buy a new token with USDT: USDT stays the sell side.
    expect(initialSwapForm(networks.BSC, { query: { from: 'USDT', to: meme } })).toMatchObject({
      fromSymbol: 'USDT',
      toSymbol: 'BNB',
    });
    expect(initialSwapForm(networks.BSC, { query: { from: 'BNB', to: meme } })).toMatchObject({
      fromSymbol: 'BNB',
      toSymbol: 'USDT',
    });
    // One side named: JM -> TRX, not the defaults.
    expect(initialSwapForm(networks.TRON, { query: { from: 'JM' } })).toMatchObject({
      fromSymbol: 'JM',
      toSymbol: 'TRX',
    });
    expect(initialSwapForm(networks.TRON, { widget: { toToken: 'TRX' } })).toMatchObject({
      fromSymbol: 'JM',
      toSymbol: 'TRX',
    });
  });
});

describe('typing', () => {
  it('typing in the sell field edits field 1; in the receive field, field 2', () => {
    const a = typed(start(), 1, '1.5');
    expect(a).toMatchObject({ fromAmount: '1.5', toAmount: '', lastEdited: 1 });
    const b = typed(a, 2, '300');
    expect(b).toMatchObject({ toAmount: '300', fromAmount: '', lastEdited: 2 });
    expect(b.version).toBeGreaterThan(a.version);
  });

  it.each(['abc', '-1', '1.2.3', '1e999', '1,5', '٣'])('resets the form on %j', (text) => {
    const s = typed(typed(start(), 1, '2'), 1, text);
    expect(s).toMatchObject({
      fromAmount: '',
      toAmount: '',
      quote: undefined,
      fromSymbol: 'TRX',
      toSymbol: 'JM',
    });
  });

  it('keeps "." while typing', () => {
    expect(typed(start(), 1, '.').fromAmount).toBe('.');
  });

  it("refuses a digit beyond the token's decimals, says so, and forgets it at the next change", () => {
    const six = (s: SwapFormState, text: string) =>
      swapFormReducer(s, { type: 'typed', field: 1, text, decimals: 6 });
    const kept = six(start(), '1.123456');
    const refused = six(kept, '1.1234567');
    expect(refused).toMatchObject({
      fromAmount: '1.123456',
      decimalsRefused: { field: 1, decimals: 6 },
    });
    // Nothing changed, so no new quote is asked for.
    expect(refused.version).toBe(kept.version);
    const next = six(refused, '1.12345');
    expect(next.fromAmount).toBe('1.12345');
    expect(next.decimalsRefused).toBeUndefined();
  });

  it('a receive token with fewer decimals cuts the typed receive amount to them', () => {
    const s = swapFormReducer(typed(start(), 2, '2.123456789'), {
      type: 'toTokenChosen',
      symbol: 'USDT',
      decimals: 6,
    });
    expect(s).toMatchObject({ toSymbol: 'USDT', toAmount: '2.123456', lastEdited: 2 });
    const whole = swapFormReducer(typed(start(), 2, '7.5'), {
      type: 'toTokenChosen',
      symbol: 'USDT',
      decimals: 0,
    });
    expect(whole.toAmount).toBe('7');
  });
});

describe('quotes', () => {
  it('fills the other field and clears insufficient liquidity', () => {
    const s = typed(start(), 1, '1');
    const failed = swapFormReducer(s, { type: 'quoteFailed', version: s.version });
    expect(failed.insufficientLiquidity).toBe(true);
    const ok = swapFormReducer(failed, {
      type: 'quoted',
      at: 0,
      version: s.version,
      quote,
      otherAmount: '0.00000005',
    });
    expect(ok).toMatchObject({ toAmount: '0.00000005', insufficientLiquidity: false, quote });
  });

  it('fills the sell field for an exact-out quote', () => {
    const s = typed(start(), 2, '5');
    const ok = swapFormReducer(s, {
      type: 'quoted',
      at: 0,
      version: s.version,
      quote: { ...quote, kind: 'exactOut' },
      otherAmount: '1',
    });
    expect(ok).toMatchObject({ fromAmount: '1', toAmount: '5' });
    const failed = swapFormReducer(s, { type: 'quoteFailed', version: s.version });
    expect(failed).toMatchObject({ fromAmount: '', toAmount: '5', insufficientLiquidity: true });
  });

  it('a launchPad buy (exact in) for a typed receive amount fills the sell field', () => {
    const s = typed(start(), 2, '5');
    const ok = swapFormReducer(s, {
      type: 'quoted',
      at: 0,
      version: s.version,
      quote: { ...quote, kind: 'exactIn', amountOut: 500_000_000n },
      otherAmount: '1',
    });
    expect(ok).toMatchObject({ fromAmount: '1', toAmount: '5', lastEdited: 2 });
  });

  it('ignores a stale quote for amounts the user has since changed', () => {
    const s1 = typed(start(), 1, '1');
    const s2 = typed(s1, 1, '12');
    expect(
      swapFormReducer(s2, { type: 'quoted', version: s1.version, quote, otherAmount: '9', at: 0 }),
    ).toBe(s2);
    expect(swapFormReducer(s2, { type: 'quoteFailed', version: s1.version })).toBe(s2);
  });
});

describe('tokens', () => {
  it('a chosen token removed from the imported tokens gives its side back to the default', () => {
    const meme = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
    const withMeme = {
      ...networks.BSC,
      tokens: { ...networks.BSC.tokens, [meme]: { ...networks.BSC.tokens.USDT!, address: meme } },
    };
    const selling = typed({ ...initialSwapForm(withMeme, {}), fromSymbol: meme }, 1, '1000');
    // Still there: nothing changes, the typed amount stays.
    expect(swapFormReducer(selling, { type: 'tokensChanged', network: withMeme })).toBe(selling);
    // Gone: the side takes the network's default for it (BNB to sell), the amount is cleared.
    const removed = swapFormReducer(selling, { type: 'tokensChanged', network: networks.BSC });
    expect(removed).toMatchObject({ fromSymbol: 'BNB', toSymbol: 'USDT', fromAmount: '' });
    expect(removed.version).toBeGreaterThan(selling.version);
    // The default to buy (USDT) is the side selling: the other default.
    const buying = { ...initialSwapForm(withMeme, {}), fromSymbol: 'USDT', toSymbol: meme };
    expect(swapFormReducer(buying, { type: 'tokensChanged', network: networks.BSC })).toMatchObject(
      { fromSymbol: 'USDT', toSymbol: 'BNB' },
    );
  });

  it('changing the from token clears amounts; equal tokens make "to" JM, or TRX when from is JM', () => {
    const s = typed(start(), 1, '3');
    expect(
      swapFormReducer(s, {
        type: 'fromTokenChosen',
        symbol: 'USDT',
        fallback: toFallback(networks.TRON, 'USDT'),
      }),
    ).toMatchObject({ fromSymbol: 'USDT', toSymbol: 'JM', fromAmount: '' });
    expect(
      swapFormReducer(s, {
        type: 'fromTokenChosen',
        symbol: 'JM',
        fallback: toFallback(networks.TRON, 'JM'),
      }),
    ).toMatchObject({ fromSymbol: 'JM', toSymbol: 'TRX' });
    const usdt = swapFormReducer(s, { type: 'fromTokenChosen', symbol: 'USDT', fallback: 'JM' });
    const jmFrom = swapFormReducer(
      { ...usdt, toSymbol: 'USDT', fromSymbol: 'NOLE' },
      { type: 'fromTokenChosen', symbol: 'USDT', fallback: toFallback(networks.TRON, 'USDT') },
    );
    expect(jmFrom.toSymbol).toBe('JM');
  });

  it("elsewhere than TRON, choosing the other side's token switches the sides", () => {
    const bsc = typed(initialSwapForm(networks.BSC, {}), 1, '3');
    expect(toFallback(networks.BSC, 'USDT')).toBeUndefined();
    expect(
      swapFormReducer(bsc, {
        type: 'fromTokenChosen',
        symbol: 'USDT',
        fallback: toFallback(networks.BSC, 'USDT'),
      }),
    ).toMatchObject({ fromSymbol: 'USDT', toSymbol: 'BNB', fromAmount: '' });
  });

  it('choosing the sell token as the receive token switches the sides', () => {
    expect(swapFormReducer(start(), { type: 'toTokenChosen', symbol: 'TRX' })).toMatchObject({
      fromSymbol: 'JM',
      toSymbol: 'TRX',
    });
    const s = typed(start(), 1, '3');
    expect(swapFormReducer(s, { type: 'toTokenChosen', symbol: 'USDT' })).toMatchObject({
      toSymbol: 'USDT',
      fromAmount: '3',
      toAmount: '',
    });
    const e = typed(start(), 2, '3');
    expect(swapFormReducer(e, { type: 'toTokenChosen', symbol: 'USDT' })).toMatchObject({
      toAmount: '3',
      fromAmount: '',
    });
  });

  it('switching direction swaps the tokens and resets', () => {
    expect(swapFormReducer(typed(start(), 2, '3'), { type: 'directionSwitched' })).toMatchObject({
      fromSymbol: 'JM',
      toSymbol: 'TRX',
      fromAmount: '',
      toAmount: '',
      lastEdited: 1,
    });
  });

  it('an account or chain change drops the quote but keeps the amounts', () => {
    const q = typed(start(), 1, '1');
    const withQuote = swapFormReducer(q, {
      type: 'quoted',
      at: 0,
      version: q.version,
      quote,
      otherAmount: '5',
    });
    const after = swapFormReducer(withQuote, { type: 'invalidated' });
    expect(after).toMatchObject({ fromAmount: '1', quote: undefined });
    expect(after.version).toBeGreaterThan(withQuote.version);
  });

  it('reset clears amounts and the quote but keeps the pair', () => {
    const q = typed(start(), 1, '1');
    const withQuote = swapFormReducer(q, {
      type: 'quoted',
      at: 0,
      version: q.version,
      quote,
      otherAmount: '5',
    });
    expect(swapFormReducer(withQuote, { type: 'reset' })).toMatchObject({
      fromSymbol: 'TRX',
      toSymbol: 'JM',
      fromAmount: '',
      toAmount: '',
      quote: undefined,
    });
  });
});

describe('launchPad', () => {
  it('the receive field asks for a launchPad buy only in launchPad mode', () => {
    expect(quoteKindFor(1)).toBe('exactIn');
    expect(quoteKindFor(1, true)).toBe('exactIn');
    expect(quoteKindFor(2)).toBe('exactOut');
    expect(quoteKindFor(2, false)).toBe('exactOut');
    expect(quoteKindFor(2, true)).toBe('launchPadBuy');
  });

  it('a re-made quote is worse when it gives less, or asks the user to pay more', () => {
    const out = { ...quote, kind: 'exactOut' as const, bound: 110n };
    expect(isWorseQuote(quote, { ...quote, bound: 3n }, 1)).toBe(true);
    expect(isWorseQuote(quote, { ...quote, bound: 5n }, 1)).toBe(false);
    expect(isWorseQuote(out, { ...out, bound: 111n }, 2)).toBe(true);
    expect(isWorseQuote(out, { ...out, bound: 109n }, 2)).toBe(false);
    // launchPad buy: the bound follows the typed amount; what can worsen is the amount sold.
    const buy = { ...quote, amountIn: 100n };
    expect(isWorseQuote(buy, { ...buy, amountIn: 101n }, 2)).toBe(true);
    expect(isWorseQuote(buy, { ...buy, amountIn: 99n }, 2)).toBe(false);
  });
});
