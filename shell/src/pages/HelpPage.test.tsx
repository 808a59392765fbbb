import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HELP_TOPICS, HelpPage } from './HelpPage';

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
