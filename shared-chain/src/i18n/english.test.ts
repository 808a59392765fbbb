import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatEnglish } from './english';
import { englishMessages } from './englishMessages.testing';

// The page formats English itself (english.ts) and Lingui formats every other language: for
// every English message of every catalogue, with values of each shape, both give the same text.
const lingui = setupI18n();
lingui.setMessagesCompiler(compileMessage);
lingui.loadAndActivate({ locale: 'en', messages: {} });

const argNames = (message: string) =>
  [...message.matchAll(/\{\s*([\w.-]+)\s*[,}]/g)].map((m) => m[1]!);

const valueSets = (message: string) =>
  [0, 1, 2, 1000].map((n) =>
    Object.fromEntries(
      argNames(message).map((name) => [
        name,
        /plural|selectordinal/.test(message) ? n : `«${name}»`,
      ]),
    ),
  );

const shapes = [
  'Confirm Swap',
  'Simulated: {amount} leaves your wallet, {received} arrives',
  "It''s {n}% less",
  '{count, plural, one {# pool} other {# pools}}',
  'Pools: {count, plural, =0 {none} one {one pool} other {# pools}} on {network}',
  '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
];

it.each(shapes)('formats %p as Lingui does', (message) => {
  for (const values of valueSets(message))
    expect(formatEnglish(message, values)).toBe(lingui._({ id: 'x', message, values }));
});

it('formats every English message of every catalogue as Lingui does', () => {
  const messages = englishMessages();
  expect(messages.length).toBeGreaterThan(0);
  const wrong = messages.flatMap((message) =>
    valueSets(message)
      .filter((values) => formatEnglish(message, values) !== lingui._({ id: 'x', message, values }))
      .map((values) => ({ message, values })),
  );
  expect(wrong).toEqual([]);
});

it('selects a case by its value, else other', () => {
  const message = '{kind, select, swap {Swap} approve {Approve} other {Send}}';
  expect(formatEnglish(message, { kind: 'approve' })).toBe('Approve');
  expect(formatEnglish(message, { kind: 'revoke' })).toBe('Send');
});
