// node --test scripts/check-docs.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkText } from './check-docs.mjs';

const lines = (n) => 'line\n'.repeat(n);

test('a README longer than its limit is reported with its length', () => {
  assert.deepEqual(checkText('README.md', lines(351), 350), ['README.md: 351 lines, at most 350']);
  assert.deepEqual(checkText('README.md', lines(350), 350), []);
});

test('a text that names an issue is reported at its line', () => {
  // Put together here so that this file does not name an issue itself.
  const hash = '#';
  const text = `fine\nFigures of 26 Nov (issue ${hash}25)\nsee (${hash}12)\n`;
  const problems = checkText('docs/x.md', text);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^docs\/x\.md:2: names an issue/);
  assert.match(problems[1], /^docs\/x\.md:3: /);
});

test('a colour, a fragment link or a plain number is not an issue', () => {
  assert.deepEqual(checkText('a.css', 'color: #123456;\n[x](#12-steps) 25 issues\n'), []);
});
