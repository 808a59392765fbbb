const swc = require('@swc/core');
const { generateMessageId } = require('@lingui/message-utils/generateMessageId');
const { swcOptionsFor } = require('./lingui');
const { stripMessageIds } = require('./message-ids-loader');

const source = `import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
export const title = msg\`Swap now\`;
export function Line({ n }) {
  const { t } = useLingui();
  return t\`Hello \${n}\` + t({ message: 'Max', context: 'slippage' }) + plural(n, { one: '# pool', other: '# pools' });
}
`;

const compiled = swc.transformSync(source, {
  filename: 'Line.tsx',
  ...swcOptionsFor(require('node:path').join(__dirname, '../../mfe-pools/src/Line.tsx')),
}).code;

it('leaves no message id in the code, only the English texts the page formats', () => {
  const stripped = stripMessageIds(compiled);
  expect(stripped).not.toMatch(/\bid:/);
  for (const text of ['Swap now', 'Hello {n}', 'Max', '{n, plural, one {# pool} other {# pools}}'])
    expect(stripped).toContain(`message: ${JSON.stringify(text)}`);
  expect(stripped.split('\n')).toHaveLength(compiled.split('\n').length);
});

it('strips exactly the ids another language derives again from message and context', () => {
  const ids = [
    ...compiled.matchAll(/id: "([^"]+)",\s*message: ("[^"]*")(?:,\s*context: '([^']*)')?/g),
  ];
  expect(ids).toHaveLength(4);
  for (const [, id, message, context] of ids)
    expect(generateMessageId(JSON.parse(message), context)).toBe(id);
});
