import {
  detectParentOrigin,
  isAllowedHost,
  startWidgetHandshake,
  WIDGET_LOADING,
} from './handshake';

function fakeWindow() {
  const listeners: ((e: MessageEvent) => void)[] = [];
  const parent = { postMessage: jest.fn() };
  const win = {
    parent,
    addEventListener: (_: string, l: (e: MessageEvent) => void) => listeners.push(l),
    removeEventListener: jest.fn(),
  } as unknown as Window;
  const dispatch = (data: unknown, origin: string, source: unknown = parent) =>
    listeners.forEach((l) => l({ data, origin, source } as MessageEvent));
  return { win, parent, dispatch };
}

describe('widget handshake', () => {
  it('posts JMSwapLoading to the exact parent origin, never to *', () => {
    const { win, parent } = fakeWindow();
    startWidgetHandshake(win, 'https://partner.example', jest.fn());
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: WIDGET_LOADING },
      'https://partner.example',
    );
  });

  it('takes options only from the parent window at the parent origin', () => {
    const { win, dispatch } = fakeWindow();
    const onOptions = jest.fn();
    startWidgetHandshake(win, 'https://partner.example', onOptions);
    dispatch({ type: 'JMSetOptions', options: { network: 'ETH' } }, 'https://evil.example');
    dispatch({ type: 'JMSetOptions', options: { network: 'ETH' } }, 'https://partner.example', {});
    dispatch({ type: 'Other' }, 'https://partner.example');
    dispatch('JMSetOptions', 'https://partner.example');
    dispatch(null, 'https://partner.example');
    expect(onOptions).not.toHaveBeenCalled();
    dispatch({ type: 'JMSetOptions', options: { network: 'BSC' } }, 'https://partner.example');
    expect(onOptions).toHaveBeenCalledWith({ network: 'BSC' });
  });

  it('matches allowed hosts exactly', () => {
    const allowed = ['https://partner.example'];
    expect(isAllowedHost('https://partner.example', allowed)).toBe(true);
    expect(isAllowedHost('https://partner.example.evil.io', allowed)).toBe(false);
    expect(isAllowedHost('https://partner.example', ['https://partner.example/widget-page'])).toBe(
      true,
    );
    expect(isAllowedHost('https://evil.io', ['https://partner.example/?https://evil.io'])).toBe(
      false,
    );
    expect(isAllowedHost('http://partner.example', allowed)).toBe(false);
    expect(isAllowedHost('null', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
    expect(isAllowedHost('https://x', ['not a url'])).toBe(false);
  });

  it('finds no parent origin when not framed', () => {
    expect(detectParentOrigin(window)).toBeUndefined();
  });
});
