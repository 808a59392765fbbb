import { render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, setNetworks } from '@jmswap/shared-chain';
import { LiquidityPanel } from './LiquidityPanel';

beforeAll(() => setNetworks(parseNetworksFile(production)));

it('shows the default pair and "Wallet not connected" without a wallet', () => {
  render(<LiquidityPanel network="ETH" query={{}} />);
  expect(screen.getByTestId('default-pair')).toHaveTextContent('ETH/USDT');
  expect(screen.getByText('Wallet not connected')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'CONNECT WALLET' })).toBeInTheDocument();
});
