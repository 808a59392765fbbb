import { activateLanguage } from '../i18n';
import type { NetworkConfig } from '../config/types';
import { allowanceText, routerSpenders } from '../core/allowances';
import { MAX_APPROVAL } from '../core/constants';
import { approvalResult } from '../adapters/widget/relay';
import { wrongNetworkMessage } from '../adapters/evm/helpers';
import { walletOptions } from '../wallets/options';
import { describeApprove, describeRemove } from './describe';

// Recent transactions' lines, Approvals, the wallet chooser and the widget's refusals in
// Simplified Chinese from the real catalogue; symbols and network names untouched.
const network = {
  id: 'BSC',
  name: 'BNB Smart Chain',
  platform: 'evm',
  tokens: { USDT: { symbol: 'USDT', address: '0xusdt', decimals: 18 } },
} as unknown as NetworkConfig;

beforeAll(() => activateLanguage('zh-CN'));
afterAll(() => activateLanguage('en'));

test('Recent transactions: an unlimited approval, a revoke and a removal read in Chinese', () => {
  expect(describeApprove(network, 'USDT', MAX_APPROVAL).summary).toBe('无限额 USDT');
  expect(describeApprove(network, 'USDT', 0n).summary).toBe('USDT：授权额度 0');
  const removal = describeRemove(network, {
    symbolA: 'USDT',
    symbolB: 'USDT',
    lpTokens: 10n ** 18n,
    minA: 2n * 10n ** 18n,
    minB: 3n * 10n ** 18n,
  } as never);
  expect(removal.summary).toBe('1 LP → 至少 2 USDT + 3 USDT');
});

test('Approvals: the routers and an unlimited allowance are named in Chinese', () => {
  const spenders = routerSpenders({ ROUTER_ADDRESS: '0x1', LIQUIDITY_ROUTER: '0x2' });
  expect(spenders.map((s) => s.name)).toEqual(['兑换路由合约', '流动性路由合约']);
  expect(allowanceText(MAX_APPROVAL, 18)).toBe('无限额');
});

test('the wallet chooser, the wrong network and the host page refusal read in Chinese', () => {
  expect(walletOptions(network, 'production').map((o) => o.label)).toEqual([
    '浏览器钱包（MetaMask）',
    '手机钱包（WalletConnect）',
    'Binance Wallet',
  ]);
  expect(wrongNetworkMessage(network)).toBe(
    '您的钱包连接在其他网络上。请切换到 BNB Smart Chain 后继续。',
  );
  expect(() => approvalResult(false)).toThrow('宿主页面未批准');
});
