import { render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, setNetworks } from '@jmswap/shared-chain';
import { PoolsPage } from './PoolsPage';

beforeAll(() => setNetworks(parseNetworksFile(production)));

it('lists the configured pools of the network and says when it is not configured', () => {
  render(<PoolsPage network="BSC" query={{}} />);
  const items = screen.getAllByTestId('pool-item');
  expect(items.map((i) => i.textContent)).toEqual([
    'BNB/USDT',
    'BNB/BUSD',
    'BNB/BTCB',
    'BNB/TRX',
    'BNB/KLV',
    'BNB/O1T',
    'BNB/PSRS',
  ]);
  expect(screen.getByRole('status')).toHaveTextContent('network not configured');
  expect(screen.getAllByRole('img', { name: 'BNB' })[0]).toHaveAttribute(
    'src',
    '/assets/currency/bnb.svg',
  );
});
