import { addressKey } from './address';
import { checkApprove, checkEvmExecute, checkTronExecute, isSwapCall } from './policy';
import { ROUTER_METHODS } from './router-methods.generated';
import {
  ACCOUNT,
  BSC,
  LIQ_ROUTER,
  OTHER,
  ROUTER,
  TRON,
  TRON_ACCOUNT,
  TRON_ROUTER,
  TRON_USDT,
  USDT,
  WBNB,
  word,
} from './fixtures.test-util';

/** swapExactTokensForTokens(amountIn, amountOutMin, path, taxes, to, deadline) calldata. */
function swapCalldata(
  to: string,
  selector: string = ROUTER_METHODS.swapExactTokensForTokens.selector,
) {
  const head = [word('0x64'), word('0x5a'), word('0xc0'), word('0x120'), word(to), word('0xffff')];
  const tail = [word('0x2'), word(USDT), word(WBNB), word('0x2'), word('0x0'), word('0x0')];
  return selector + [...head, ...tail].join('');
}

describe('what the host wallet may be asked to sign', () => {
  it('decodes TRON base58 addresses', () => {
    expect(addressKey(TRON_USDT)).toBe('a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(addressKey('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(addressKey(TRON_USDT));
    expect(addressKey('T0000')).toBeUndefined();
  });

  it('allows a router swap paying the connected account', () => {
    expect(
      checkEvmExecute(BSC, ACCOUNT, {
        to: ROUTER,
        data: swapCalldata(ACCOUNT),
        value: '0',
        network: 'BSC',
      }),
    ).toEqual({ ok: true });
    expect(isSwapCall({ data: swapCalldata(ACCOUNT) })).toBe(true);
  });

  it('refuses execute to an address outside the config', () => {
    const v = checkEvmExecute(BSC, ACCOUNT, { to: USDT, data: swapCalldata(ACCOUNT) });
    expect(v).toEqual({ ok: false, reason: expect.stringMatching(/router/) });
    expect(checkEvmExecute(BSC, ACCOUNT, { to: OTHER, data: '0x' }).ok).toBe(false);
  });

  it('refuses a swap that pays someone else', () => {
    expect(checkEvmExecute(BSC, ACCOUNT, { to: ROUTER, data: swapCalldata(OTHER) })).toEqual({
      ok: false,
      reason: 'the recipient is not the connected account',
    });
  });

  it('refuses functions that are not router swaps or liquidity changes', () => {
    // transfer(address,uint256) sent to the router
    const transfer = `0xa9059cbb${word(OTHER)}${word('0x1')}`;
    expect(checkEvmExecute(BSC, ACCOUNT, { to: ROUTER, data: transfer }).ok).toBe(false);
    // a swap on the liquidity router, which has none
    expect(checkEvmExecute(BSC, ACCOUNT, { to: LIQ_ROUTER, data: swapCalldata(ACCOUNT) }).ok).toBe(
      false,
    );
  });

  it('refuses a call that names another network', () => {
    expect(
      checkEvmExecute(BSC, ACCOUNT, { to: ROUTER, data: swapCalldata(ACCOUNT), network: 'ETH' }).ok,
    ).toBe(false);
  });

  it('allows approve only of listed tokens to the routers', () => {
    expect(checkApprove(BSC, { token: USDT, spender: ROUTER, amount: '1000' })).toEqual({
      ok: true,
    });
    expect(checkApprove(BSC, { token: USDT, spender: OTHER, amount: '1000' }).ok).toBe(false);
    expect(checkApprove(BSC, { token: OTHER, spender: ROUTER, amount: '1000' }).ok).toBe(false);
    expect(checkApprove(BSC, { token: USDT, spender: ROUTER, amount: '-1' }).ok).toBe(false);
  });

  it('checks TRON router methods and their recipient', () => {
    const args = (to: string) => ['100', '90', [TRON_USDT], ['0x00'], to, '9999999999'];
    const call = (to: string, extra: object = {}) => ({
      contract: TRON_ROUTER,
      method: 'swapExactTokensForBase',
      params: args(to),
      network: 'TRON',
      ...extra,
    });
    expect(checkTronExecute(TRON, TRON_ACCOUNT, call(TRON_ACCOUNT))).toEqual({ ok: true });
    expect(checkTronExecute(TRON, TRON_ACCOUNT, call(TRON_USDT)).ok).toBe(false);
    expect(
      checkTronExecute(TRON, TRON_ACCOUNT, call(TRON_ACCOUNT, { contract: TRON_USDT })).ok,
    ).toBe(false);
    expect(
      checkTronExecute(TRON, TRON_ACCOUNT, call(TRON_ACCOUNT, { method: 'transfer' })).ok,
    ).toBe(false);
    expect(checkTronExecute(TRON, TRON_ACCOUNT, call(TRON_ACCOUNT, { params: ['1'] })).ok).toBe(
      false,
    );
  });

  it('knows where each allowed function takes its recipient', () => {
    for (const m of Object.values(ROUTER_METHODS))
      expect(m.abi.inputs[m.toIndex]).toEqual(
        expect.objectContaining({ name: 'to', type: 'address' }),
      );
  });
});
