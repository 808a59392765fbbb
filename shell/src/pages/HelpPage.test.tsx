import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTokenToWallet, showToast } from '@jmswap/shared-chain';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HELP_TOPICS, HelpPage } from './HelpPage';

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  addTokenToWallet: jest.fn(),
  showToast: jest.fn(),
}));

function at(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <HelpPage />
    </Router>,
  );
}
const topic = (key: string) =>
  document.querySelector(`[data-topic="${key}"]`) as HTMLDetailsElement;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

it('opens HOW TO SWAP by default, the other topics closed', () => {
  at('/help');
  // The page's own level-one heading (screen readers' heading navigation), over the topics.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Help center');
  expect(screen.getByRole('heading', { name: 'HOW TO SWAP' })).toBeInTheDocument();
  expect(topic('swap').open).toBe(true);
  for (const { key } of HELP_TOPICS.slice(1)) expect(topic(key).open).toBe(false);
  expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
});

it('/help?t=<topic> opens that topic and brings it into view', () => {
  at('/help?t=privacy');
  expect(topic('privacy').open).toBe(true);
  expect(topic('swap').open).toBe(false);
  expect(topic('privacy')).toHaveTextContent('We never store your wallet address, your IP address');
  expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
});

it('an unknown topic opens the first one', () => {
  at('/help?t=<script>');
  expect(topic('swap').open).toBe(true);
});

it('Add JM token to TronLink says what TronLink answered: added, no TronLink, or declined', async () => {
  const add = addTokenToWallet as jest.Mock;
  add
    .mockResolvedValueOnce(true)
    .mockResolvedValueOnce(false)
    .mockRejectedValueOnce(new Error('4001'));
  at('/help');
  const button = screen.getByRole('button', { name: 'Add JM token to TronLink' });
  const toasts = () =>
    (showToast as jest.Mock).mock.calls.map(([kind, text]) => [kind, text.message]);
  await userEvent.click(button);
  await waitFor(() => expect(toasts()).toEqual([['success', 'JM added to TronLink.']]));
  await userEvent.click(button);
  await userEvent.click(button);
  await waitFor(() => expect(toasts()).toHaveLength(3));
  expect(toasts().slice(1)).toEqual([
    ['error', 'Open this page with TronLink installed and unlocked to add JM.'],
    ['info', 'JM was not added.'],
  ]);
  expect(add).toHaveBeenCalledWith('JM', 'TRON');
});
