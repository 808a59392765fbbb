import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { FundsOnTheWay, type SwapInFlight } from './FundsOnTheWay';
import { offersTokenToWallet } from './offersTokenToWallet';

const { networks } = parseNetworksFile(production);
const tron = networks.TRON!;
const swap: SwapInFlight = {
  from: tron.tokens.TRX!,
  to: tron.tokens.JM!,
  amountIn: 10_000_000n,
  amountOut: 8_058_176_941_520n,
  received: 8_058_176_941_520n,
  sent: { status: 'confirmed', txid: 'ab'.repeat(32) },
};
const declined = Object.assign(new Error('User rejected the request.'), { code: 4001 });

function open(onAddToken: () => Promise<boolean>) {
  render(<FundsOnTheWay swap={swap} network={tron} onAddToken={onAddToken} onClose={jest.fn()} />);
  return screen.getByRole('button', { name: 'Add JM to TronLink' });
}

it('once TronLink took the token, the popup says so in place of the button', async () => {
  let answer!: (added: boolean) => void;
  const add = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  await userEvent.click(open(add));
  // While TronLink asks the user: one question, not a second.
  const adding = screen.getByRole('button', { name: 'Adding JM to TronLink…' });
  expect(adding).toHaveAttribute('aria-disabled', 'true');
  await userEvent.click(adding);
  answer(true);
  const added = await screen.findByText('JM added to TronLink');
  expect(added).toHaveAttribute('role', 'status');
  expect(added).toHaveFocus(); // where the pressed button was, not the page
  expect(screen.queryByRole('button', { name: /Add JM/ })).toBeNull();
  expect(add).toHaveBeenCalledTimes(1);
});

it('declined in TronLink: it says so quietly, and the button is there to try again', async () => {
  const add = jest.fn().mockRejectedValueOnce(declined).mockResolvedValueOnce(true);
  await userEvent.click(open(add));
  expect(await screen.findByText('JM was not added.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Add JM to TronLink' }));
  expect(await screen.findByText('JM added to TronLink')).toBeInTheDocument();
});

it('TronLink could not be asked (locked, or it failed): what to do, and the way back', async () => {
  const add = jest
    .fn()
    .mockResolvedValueOnce(false)
    .mockRejectedValueOnce(new Error('internal'))
    .mockResolvedValueOnce(true);
  await userEvent.click(open(add));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'TronLink did not add JM. Unlock TronLink, then try again.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Add JM to TronLink' }));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add JM to TronLink' }));
  expect(await screen.findByText('JM added to TronLink')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('a browser wallet is offered any token the swap brought, by its own name; TronLink only the tokens that allow it', async () => {
  const bsc = networks.BSC!;
  // The production file names no address before a deploy: one as deployed.
  const usdt = { ...bsc.tokens.USDT!, address: `0x${'55'.repeat(20)}` };
  expect(offersTokenToWallet('injected', usdt)).toBe(true);
  expect(offersTokenToWallet('injected', { ...usdt, address: '' })).toBe(false);
  expect(offersTokenToWallet('injected', bsc.tokens.BNB!)).toBe(false); // the base coin
  expect(offersTokenToWallet('walletconnect', usdt)).toBe(false);
  expect(offersTokenToWallet('widget', usdt)).toBe(false);
  expect(offersTokenToWallet('tronlink', tron.tokens.JM!)).toBe(true);
  expect(offersTokenToWallet('tronlink', tron.tokens.USDT!)).toBe(false);

  const add = jest.fn().mockResolvedValue(true);
  render(
    <FundsOnTheWay
      swap={{ ...swap, from: bsc.tokens.BNB!, to: usdt }}
      network={bsc}
      wallet="Rabby Wallet"
      onAddToken={add}
      onClose={jest.fn()}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Add USDT to Rabby Wallet' }));
  expect(await screen.findByText('USDT added to Rabby Wallet')).toBeInTheDocument();
});

it('another account picked in the wallet since: the popup names the account the tokens went to, and offers the token to no other account', () => {
  const sender = 'TQ5JE3aFJ3uxVBm5LGUy2KqMxP3BmEd9tz';
  const other = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
  const add = jest.fn().mockResolvedValue(true);
  const popup = (shown: string) => (
    <FundsOnTheWay
      swap={{ ...swap, account: sender }}
      network={tron}
      account={shown}
      onAddToken={add}
      onClose={jest.fn()}
    />
  );
  const view = render(popup(sender));
  expect(screen.getByTestId('arrived')).toHaveTextContent(
    /^Arrived in your wallet: 80581\.7694152 JM$/,
  );
  expect(screen.getByRole('button', { name: 'Add JM to TronLink' })).toBeInTheDocument();
  view.rerender(popup(other));
  expect(screen.getByTestId('arrived')).toHaveTextContent(
    /^Arrived in account TQ5JE3…d9tz: 80581\.7694152 JM$/,
  );
  expect(screen.queryByRole('button', { name: /Add JM/ })).toBeNull();
});
