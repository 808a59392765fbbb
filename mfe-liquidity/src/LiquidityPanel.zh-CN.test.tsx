import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  activateLanguage,
  ChainError,
  parseNetworksFile,
  session$,
  setNetworks,
} from '@jmswap/shared-chain';
import { type UserPosition } from '@jmswap/shared-chain/liquidity';
import { LiquidityPanel } from './LiquidityPanel';
import { provideLiquidityApi } from './liquidityApi';
import {
  ERROR_ADDING_LIQUIDITY,
  ERROR_REMOVING_LIQUIDITY,
  failureText,
} from './useLiquidityActions';
import { fakeLiquidityApi, type FakePool } from './testing/fakeLiquidityApi';

const file = parseNetworksFile(production);
for (const n of Object.values(file.networks))
  Object.assign(n.exchange, { ROUTER_ADDRESS: 'ROUTER', LIQUIDITY_ROUTER: 'LIQUIDITY_ROUTER' });
const E6 = 10n ** 6n;
const E8 = 10n ** 8n;
const E18 = 10n ** 18n;
const TRX_JM: FakePool = {
  symbolA: 'TRX',
  symbolB: 'JM',
  reserveA: 1_000_000n * E6,
  reserveB: 10_000_000n * E8,
  totalSupply: 1_000n * E18,
};
const position: UserPosition = {
  pair: 'pair-TRX-JM',
  symbolA: 'TRX',
  symbolB: 'JM',
  valueA: 10_000n * E6,
  valueB: 100_000n * E8,
  totalLiquidity: 1_000n * E18,
  userLiquidity: 10n * E18,
  userShareBps: 100n,
};

/** Lets the panel's reads (the fake answers at once) land inside act, as they would on screen. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

beforeAll(() => setNetworks(file));
beforeEach(async () => {
  provideLiquidityApi(
    fakeLiquidityApi({
      pools: [TRX_JM],
      balances: { TRX: 1_000n * E6, JM: 5_000n * E8 },
      positions: [position],
      energy: 0n,
    }).api,
  );
  render(<LiquidityPanel network="TRON" query={{}} />);
  await act(() => activateLanguage('zh-CN'));
  act(() => session$.next({ connected: true, address: 'TXYZ', name: 'TronLink' }));
  await settle();
});
afterEach(async () => {
  await act(() => activateLanguage('en'));
  act(() => session$.next({ connected: false }));
  await settle();
});

it('in Chinese: the positions, each pool named by its untranslated symbols', async () => {
  expect(screen.getByRole('heading', { name: '流动性' })).toBeInTheDocument();
  const item = await screen.findByRole('listitem', { name: 'TRX/JM 资金池' });
  expect(within(item).getByRole('link', { name: '图表' })).toBeInTheDocument();
  expect(item).toHaveTextContent('资金池份额1.00%');
  expect(within(item).getByRole('button', { name: '移除流动性 TRX/JM' })).toBeInTheDocument();
});

it('in Chinese: ADD LIQUIDITY with prices, share and the tax-free note', async () => {
  await userEvent.click(await screen.findByRole('button', { name: '添加流动性' }));
  await waitFor(() => expect(screen.getByTestId('price-a-in-b')).not.toHaveTextContent('-'));
  const share = screen.getByRole('region', { name: '价格和资金池份额' });
  expect(share).toHaveTextContent('每 TRX 可换 JM');
  expect(screen.getByRole('note')).toHaveTextContent('JM（3% 税）：添加和移除流动性免税。');
  await userEvent.type(screen.getByRole('textbox', { name: '投入代币' }), '10');
  expect(screen.getByTestId('deposit')).toHaveTextContent('10 TRX + 100 JM');
  expect(screen.getByRole('button', { name: '提供' })).toBeEnabled();
});

it('in Chinese: REMOVE LIQUIDITY says what comes back, in TRX and JM', async () => {
  const item = await screen.findByRole('listitem', { name: 'TRX/JM 资金池' });
  await userEvent.click(within(item).getByRole('button', { name: '移除流动性 TRX/JM' }));
  expect(screen.getByRole('slider', { name: '移除数量' })).toHaveProperty('value', '100');
  const receive = screen.getByTestId('receive-a').closest('dl');
  expect(receive).toHaveAccessibleName('您将收到');
  expect(receive).toHaveTextContent('TRX');
  expect(receive).toHaveTextContent('要移除的 LP 代币');
});

it('in Chinese: a failure toast is Chinese through, its reason from the chain layer too', () => {
  expect(failureText(ERROR_ADDING_LIQUIDITY, new ChainError('TRANSACTION_PENDING'))).toBe(
    '添加流动性出错：仍有一笔交易在等待钱包或链上确认，请等待其完成。',
  );
  expect(failureText(ERROR_REMOVING_LIQUIDITY, new Error('x'))).toBe('移除流动性出错');
  expect(failureText(ERROR_ADDING_LIQUIDITY, Object.assign(new Error('no'), { code: 4001 }))).toBe(
    '添加流动性出错：您在钱包中拒绝了请求，未发送任何交易。',
  );
});
