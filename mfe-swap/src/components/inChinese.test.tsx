import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { activateLanguage, parseNetworksFile } from '@jmswap/shared-chain';
import type { SwapQuote } from '../form/swapForm';
import { InfoBlock } from './InfoBlock';
import { FundsOnTheWay } from './FundsOnTheWay';
import { SlippageSettings } from './SlippageSettings';
import '../SwapPanel'; // registers this remote's catalogue

// The swap box's texts in Simplified Chinese from the real catalogue.
const tron = parseNetworksFile(production).networks.TRON;
const { tokens } = tron;

const quote: SwapQuote = {
  kind: 'exactIn',
  amountIn: 1_000_000n,
  amountOut: 1_000_000n,
  bound: 950_000n,
  priceImpactBps: 10n,
  liquidityProviderFee: 3_000n,
  feeSymbol: 'JM',
  path: ['TRX', 'JM'],
  source: {},
};

beforeAll(() => activateLanguage('zh-CN'));
afterAll(() => activateLanguage('en'));

it('shows the swap details in Chinese, the token symbols untranslated', () => {
  render(<InfoBlock quote={quote} tokens={tokens} />);
  expect(screen.getByText('最少收到')).toBeInTheDocument();
  expect(screen.getByText('JM 税费').nextSibling).toHaveTextContent('每笔转账收取 3%');
  expect(screen.getByTestId('path')).toHaveTextContent('TRX → JM');
});

it('tells in Chinese that the funds are on the way, and that TronLink took the token', async () => {
  render(
    <FundsOnTheWay
      swap={{
        sent: { status: 'confirming', txid: 'ab'.repeat(32), sentAt: Date.now() },
        from: tokens.TRX!,
        to: tokens.JM!,
        amountIn: 1_000_000n,
        amountOut: 2_000_000n,
      }}
      network={tron}
      onAddToken={() => Promise.resolve(true)}
      onClose={() => undefined}
    />,
  );
  expect(screen.getByRole('dialog', { name: '资金正在路上' })).toBeInTheDocument();
  expect(screen.getByTestId('sent')).toHaveTextContent('TRX');
  await userEvent.click(screen.getByRole('button', { name: '将 JM 添加到 TronLink' }));
  expect(await screen.findByText('JM 已添加到 TronLink')).toBeInTheDocument();
});

it('shows the slippage and its warnings in Chinese', () => {
  render(
    <SlippageSettings
      slippageBps={1}
      suggestedBps={1}
      onChange={() => undefined}
      exactApproval={false}
      onExactApproval={() => undefined}
    />,
  );
  expect(screen.getByRole('button', { name: '滑点 0.01%' })).toBeInTheDocument();
  expect(screen.getByText('滑点过低，您的交易可能失败。')).toBeInTheDocument();
});
