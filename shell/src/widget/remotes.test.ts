import { liquidityTabShown } from './remotes';

describe('liquidityTab', () => {
  it('is ignored with a warning when the widget build has no liquidity remote', () => {
    const warn = jest.fn();
    expect(liquidityTabShown(true, ['swap'], warn)).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('liquidityTab ignored'));
  });

  it('is shown when the build lists the liquidity remote', () => {
    const warn = jest.fn();
    expect(liquidityTabShown(true, ['swap', 'liquidity'], warn)).toBe(true);
    expect(liquidityTabShown(false, ['swap', 'liquidity'], warn)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});
