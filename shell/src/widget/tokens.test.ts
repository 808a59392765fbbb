import { widgetTokens } from './tokens';

const BSC = ['BNB', 'USDT', 'BUSD', 'BTCB', 'TRX'];

describe('widget tokens', () => {
  it('limits the selectors to the allowed symbols of the network', () => {
    const warn = jest.fn();
    expect(widgetTokens({ tokens: ['USDT', 'BUSD', 'JM'] }, BSC, ['BNB', 'USDT'], warn)).toEqual({
      tokens: ['USDT', 'BUSD'],
      fromToken: 'USDT',
      toToken: 'BUSD',
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('JM'));
  });

  it('keeps fromToken and toToken inside the allowed list', () => {
    expect(
      widgetTokens({ tokens: ['BNB', 'BUSD'], fromToken: 'TRX', toToken: 'BUSD' }, BSC, ['BNB']),
    ).toEqual({ tokens: ['BNB', 'BUSD'], fromToken: 'BNB', toToken: 'BUSD' });
  });

  it('ignores a list with fewer than two tokens of the network', () => {
    const warn = jest.fn();
    expect(widgetTokens({ tokens: ['JM'] }, BSC, ['BNB', 'USDT'], warn).tokens).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('uses the network defaults without options', () => {
    expect(widgetTokens({}, BSC, ['BNB', 'USDT'])).toEqual({
      tokens: undefined,
      fromToken: 'BNB',
      toToken: 'USDT',
    });
  });
});
