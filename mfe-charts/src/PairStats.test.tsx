import { render, screen } from '@testing-library/react';
import type { ApiInfoNetwork } from '@jmswap/shared-chain/history';
import { PairStats } from './PairStats';

const info: ApiInfoNetwork = {
  pairs: [
    {
      address: 'TPair',
      symbolA: 'TRX',
      symbolB: 'JM',
      reserveA: '1000',
      reserveB: '12345',
      price: 0.0810044,
      volume24HUsd: 1234.5,
      liquidityUsd: 200,
      fees24HUsd: 3.7,
      aprPercent: 12,
      trades24H: 4,
    },
  ],
  tokens: { TRX: { priceUsd: 0.25 }, JM: { priceUsd: 0.02 } },
  jm: {
    burned: '1000000.5',
    supply: '99998999999.5',
    circulatingSupply: '12345678.1234567891234',
    priceUsd: 0.02,
    marketcapUsd: 246913.56,
  },
};

const figure = (name: string) => document.querySelector(`[data-figure="${name}"]`);

it('shows the pair price, 24h volume, supply, circulating supply and market cap of JM', () => {
  render(<PairStats info={info} pair={['TRX', 'JM']} />);
  expect(figure('price')).toHaveTextContent('0.08100 TRX ($0.02)');
  expect(figure('volume')).toHaveTextContent('$1,234.50');
  expect(figure('supply')).toHaveTextContent('99,998,999,999.500');
  expect(figure('circulating')).toHaveTextContent('12,345,678.123456789');
  expect(figure('marketcap')).toHaveTextContent('$0.247M');
});

it("prices the pair the other way round when asked in the other order (the charts page's toggle); JM's figures stay", () => {
  render(<PairStats info={info} pair={['JM', 'TRX']} />);
  expect(figure('price')).toHaveTextContent('12.34501 JM ($0.25)');
  expect(screen.getByText('Market cap')).toBeInTheDocument();
});

it('a pair without JM has no JM figures', () => {
  const trxUsdt = {
    ...info,
    pairs: [{ ...info.pairs[0]!, symbolA: 'TRX', symbolB: 'USDT', price: 4 }],
    tokens: { ...info.tokens, USDT: { priceUsd: 1 } },
  };
  render(<PairStats info={trxUsdt} pair={['USDT', 'TRX']} />);
  expect(figure('price')).toHaveTextContent('0.25000 USDT ($0.25)');
  expect(screen.queryByText('Market cap')).not.toBeInTheDocument();
});

it('shows dashes, not zeros, when the API has no figures', () => {
  render(<PairStats info={undefined} pair={['TRX', 'JM']} />);
  expect(figure('price')).toHaveTextContent('- TRX');
  expect(figure('volume')).toHaveTextContent('-');
});

it('shows a tiny USD price with 4 significant digits, not as $0.00', () => {
  const tiny = { ...info, tokens: { ...info.tokens, JM: { priceUsd: 0.00001234567 } } };
  render(<PairStats info={tiny} pair={['TRX', 'JM']} />);
  expect(figure('price')).toHaveTextContent('($0.00001235)');
});
