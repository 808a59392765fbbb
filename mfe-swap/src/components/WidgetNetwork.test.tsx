import { render, screen } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { hostNamedNoChain, parseNetworksFile } from '@jmswap/shared-chain';
import { WidgetNetwork } from './WidgetNetwork';

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  hostNamedNoChain: jest.fn(),
}));

const { networks } = parseNetworksFile(production);

it("names the swap's network when the widget's host named no chain for its wallet", () => {
  (hostNamedNoChain as jest.Mock).mockReturnValue(true);
  render(<WidgetNetwork network={networks.BSC} />);
  expect(screen.getByTestId('widget-network')).toHaveTextContent('Network: BNB Smart Chain');
});

it('says nothing when the host named its chain (the widget checks it before each send)', () => {
  (hostNamedNoChain as jest.Mock).mockReturnValue(false);
  const { container } = render(<WidgetNetwork network={networks.BSC} />);
  expect(container).toBeEmptyDOMElement();
});
