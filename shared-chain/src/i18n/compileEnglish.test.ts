import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compileEnglish } from './compileEnglish';

import { englishMessages } from './englishMessages.testing';

// English is compiled in the browser by compileEnglish, not by Lingui's own compiler: for every
// English message of every app's catalogue (and a few shapes that show the subset's edges),
// both must give the same compiled message, or a message would show wrong to a user.
const asLingui = (compiled: ReturnType<typeof compileEnglish>) =>
  typeof compiled === 'string' ? [compiled] : compiled;

const shapes = [
  'Confirm Swap',
  'Simulated: {amount} leaves your wallet, {received} arrives',
  '{0} of {1}',
  "It''s {n}% less",
  "Use '{' and '}' literally",
  '{count, plural, one {# pool} other {# pools}}',
  'Pools: {count, plural, =0 {none} one {one pool} other {# pools}} on {network}',
  '{kind, select, swap {Swap} other {Send}}',
  '# is not special outside a plural',
];

it.each(shapes)('compiles %p exactly as Lingui does', (message) => {
  expect(asLingui(compileEnglish(message))).toEqual(compileMessage(message));
});

it('compiles every English message of every catalogue exactly as Lingui does', () => {
  const messages = englishMessages();
  expect(messages.length).toBeGreaterThan(0);
  const wrong = messages.filter(
    (m) => JSON.stringify(asLingui(compileEnglish(m))) !== JSON.stringify(compileMessage(m)),
  );
  expect(wrong).toEqual([]);
});

it('refuses a message outside the subset instead of showing it wrong', () => {
  expect(() => compileEnglish('{amount, number}')).toThrow(/supported ICU subset/);
  expect(() => compileEnglish('unmatched } brace')).toThrow(/supported ICU subset/);
});
