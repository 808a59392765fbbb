import { act, render, screen, within } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import {
  activateLanguage,
  parseNetworksFile,
  registerCatalog,
  setNetworks,
  type PoolState,
} from '@jmswap/shared-chain';
import { PoolsPage } from './PoolsPage';
import { providePoolSources } from './sources';

// Its own file: no other test may have put this remote's Chinese texts in the page before.

const E18 = 10n ** 18n;

beforeAll(() => {
  const file = parseNetworksFile(production);
  // Placeholder contracts: BSC counts as configured (its reserves come from the source below).
  file.networks.BSC.exchange = {
    ...file.networks.BSC.exchange,
    FACTORY_ADDRESS: '0x0000000000000000000000000000000000000001',
    ROUTER_ADDRESS: '0x0000000000000000000000000000000000000002',
    LIQUIDITY_ROUTER: '0x0000000000000000000000000000000000000003',
    SWAP_API: '0x0000000000000000000000000000000000000004',
  };
  setNetworks(file);
  providePoolSources({
    reserves: async (): Promise<PoolState[]> => [
      { symbolA: 'WBNB', symbolB: 'USDT', reserveA: 1_000n * E18, reserveB: 300_000n * E18 },
    ],
    info: async () => undefined,
  });
});

it("a page shown in Chinese before this remote's texts arrive is translated when they do", async () => {
  // Chinese in force, this remote's catalogue not there yet (it came back empty).
  registerCatalog('pools', async () => ({ messages: {} }));
  await act(() => activateLanguage('zh-CN'));
  try {
    render(<PoolsPage network="BSC" query={{}} />);
    await screen.findAllByTestId('pool-item');
    const usdt = () =>
      within(screen.getAllByTestId('pool-row').find((r) => r.dataset.pair === 'BNB/USDT')!);
    expect(await usdt().findByRole('link', { name: 'Chart' })).toBeInTheDocument();
    // Its texts arrive late (a slow chunk): every row takes them, no reload.
    await act(() =>
      registerCatalog('pools-late', (language) => import(`./locales/${language}.ts`)),
    );
    expect(await usdt().findByRole('link', { name: '图表' })).toBeInTheDocument();
    expect(usdt().getByRole('link', { name: '添加流动性' })).toBeInTheDocument();
  } finally {
    await act(() => activateLanguage('en'));
  }
});
