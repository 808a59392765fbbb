/** @jest-environment jest-fixed-jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import production from '../../config/networks.production.json';
import { parseNetworksFile } from '../config/schema';
import { SendProgress } from './SendProgress';

const bsc = parseNetworksFile(production).networks.BSC!;
const HASH = `0x${'ab'.repeat(32)}`;

test('a transaction id is linked to the explorer', () => {
  render(<SendProgress network={bsc} sent={{ status: 'confirmed', txid: HASH }} />);
  expect(screen.getByTestId('txid')).toHaveAttribute('href', `${bsc.scan}${HASH}`);
});

test('a wallet that answered no transaction id: nothing linked, the popup says the send is looked for; its real id then shows', () => {
  const view = render(
    <SendProgress
      network={bsc}
      sent={{ status: 'confirming', txid: '[object Object]', sentAt: Date.now() }}
    />,
  );
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByTestId('txid-unknown')).toHaveTextContent(
    'Transaction: your wallet did not give its id; looking for it on BNB Smart Chain…',
  );
  view.rerender(<SendProgress network={bsc} sent={{ status: 'confirmed', txid: HASH }} />);
  expect(screen.getByTestId('txid')).toHaveAttribute('href', `${bsc.scan}${HASH}`);
  expect(screen.queryByTestId('txid-unknown')).toBeNull();
});
