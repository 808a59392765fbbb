// The catalogue check, run by npm run lint and npm test:
// 1. every catalogue matches the code: extracting again changes no .po file (a text added,
//    changed or removed in the code without `npm run i18n` fails here, naming the files);
// 2. every language has every message (`lingui compile --strict` fails on a missing one, and
//    an empty translation, which the English fallback lets through compile, fails below);
// 3. the compiled catalogues the apps load are the ones the .po files give;
// 4. no code uses @lingui/react or the <Trans> macro: the page has no I18nProvider (useLingui
//    comes from shared-chain), so rich text is split into messages instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { root } from './stack.mjs';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const lingui = (...args) =>
  execFileSync('npx', ['lingui', ...args], { cwd: root, encoding: 'utf8', stdio: 'pipe' });

const catalogueFiles = () =>
  git('ls-files', '--others', '--modified', '--exclude-standard', '--', '*/src/locales/*')
    .split('\n')
    .filter(Boolean);
const snapshot = (files) => new Map(files.map((f) => [f, readFileSync(`${root}/${f}`, 'utf8')]));

let reactUse = '';
try {
  reactUse = git(
    'grep',
    '-n',
    '-E',
    "from '@lingui/react'|\\bTrans\\b[^;]*from '@lingui/react/macro'",
    '--',
    '*.ts',
    '*.tsx',
  ).trim();
} catch {
  // git grep exits 1 when nothing matches
}
if (reactUse) {
  console.error(
    `i18n: use useLingui/t from the macros, not @lingui/react or <Trans>:\n${reactUse}`,
  );
  process.exit(1);
}

const before = snapshot(catalogueFiles());
let failed = false;
try {
  lingui('extract', '--clean');
  lingui('compile', '--typescript', '--strict');
} catch (error) {
  console.error(String(error.stdout ?? '') + String(error.stderr ?? ''));
  console.error('i18n: a language misses translations (see the table above): add them to its .po');
  process.exit(1);
}
// With English as every language's fallback, `compile --strict` passes a message whose
// translation is empty: look for those in the translations themselves.
const po = formatter({ lineNumbers: false });
const untranslated = [];
for (const file of git(
  'ls-files',
  '--cached',
  '--others',
  '--exclude-standard',
  '--',
  '*/src/locales/*.po',
)
  .split('\n')
  .filter((f) => f && !f.endsWith('/en.po'))) {
  const catalogue = await po.parse(readFileSync(`${root}/${file}`, 'utf8'), {
    locale: file.replace(/^.*\/(.*)\.po$/, '$1'),
    sourceLocale: 'en',
    filename: file,
  });
  for (const { message, translation, obsolete } of Object.values(catalogue))
    if (!obsolete && !translation) untranslated.push(`${file}: "${message}"`);
}
if (untranslated.length) {
  console.error(`i18n: these messages have no translation:\n${untranslated.join('\n')}`);
  process.exit(1);
}
const after = snapshot(catalogueFiles());
for (const [file, text] of after)
  if (before.get(file) !== text) {
    console.error(`i18n: ${file} did not match the code; it is updated now: review and commit it`);
    failed = true;
  }
if (failed) process.exit(1);
console.log('i18n: every catalogue matches the code and every language is complete');
