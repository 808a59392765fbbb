import { MAX_MESSAGE_CHARS, originOf, readWidgetMessage } from './protocol';

const frame = {};
const ORIGIN = 'https://jmswap.example';
const from = (data: unknown, origin = ORIGIN, source: unknown = frame) =>
  readWidgetMessage({ data, origin, source }, frame, ORIGIN);

describe('messages from the widget', () => {
  it('reads the handshake, height and function calls of its own iframe', () => {
    expect(from({ type: 'JMSwapLoading' })).toEqual({ kind: 'loading' });
    expect(from({ type: 'JMSwapHeight', height: 612.2 })).toEqual({ kind: 'height', height: 613 });
    expect(
      from({ type: 'JMSwapFunction', function: 'connect', params: { network: 'BSC' }, id: 3 }),
    ).toEqual({ kind: 'call', fn: 'connect', params: { network: 'BSC' }, id: 3 });
  });

  it('ignores another origin or another window', () => {
    const call = { type: 'JMSwapFunction', function: 'connect', params: {}, id: 1 };
    expect(from(call, 'https://evil.example')).toBeUndefined();
    expect(from(call, 'https://jmswap.example.evil.io')).toBeUndefined();
    expect(from(call, ORIGIN, {})).toBeUndefined();
    expect(from(call, ORIGIN, null)).toBeUndefined();
    expect(readWidgetMessage({ data: call, origin: ORIGIN, source: null }, null, ORIGIN)).toBe(
      undefined,
    );
  });

  it('ignores unknown functions and types', () => {
    for (const fn of ['transfer', 'eth_sign', '__proto__', 'toString', 'constructor'])
      expect(from({ type: 'JMSwapFunction', function: fn, params: {} })).toBeUndefined();
    expect(from({ type: 'JMSwapResponse', function: 'connected' })).toBeUndefined();
  });

  it('ignores malformed and oversized messages', () => {
    expect(from('JMSwapLoading')).toBeUndefined();
    expect(from(null)).toBeUndefined();
    expect(from([{ type: 'JMSwapLoading' }])).toBeUndefined();
    expect(from({ type: 'JMSwapFunction', function: 'connect', params: 'x' })).toBeUndefined();
    expect(from({ type: 'JMSwapFunction', function: 'connect', params: [] })).toBeUndefined();
    expect(from({ type: 'JMSwapFunction', function: 'connect', id: '1' })).toBeUndefined();
    expect(from({ type: 'JMSwapHeight', height: Infinity })).toBeUndefined();
    expect(from({ type: 'JMSwapHeight', height: 1e6 })).toBeUndefined();
    expect(from({ type: 'JMSwapHeight', height: '600' })).toBeUndefined();
    const big = {
      type: 'JMSwapFunction',
      function: 'execute',
      params: { data: 'a'.repeat(MAX_MESSAGE_CHARS) },
    };
    expect(from(big)).toBeUndefined();
    const cyclic: Record<string, unknown> = { type: 'JMSwapLoading' };
    cyclic.self = cyclic;
    expect(from(cyclic)).toBeUndefined();
  });

  it('takes the widget origin from the script url', () => {
    expect(originOf('https://jmswap.example/widget/sdk/1.0.0/jmswap-widget.js')).toBe(ORIGIN);
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
