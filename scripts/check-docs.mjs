// The READMEs stay short enough for a newcomer to find how to run, deploy and operate the site,
// and no text names an issue: the product is described, not the way it was built.
// node scripts/check-docs.mjs    (a step of npm test's checks)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Longest each README may be, in lines. */
export const MAX_LINES = { 'README.md': 350, 'api/README.md': 400 };

const ISSUE_REFERENCE = /\bissues? ?#\d+|\(#\d+\)/i;
const TEXT = /\.(md|ts|tsx|mts|mjs|cjs|js|css|html|json|sql|sh|cfg|service)$/;

/** What is wrong in one file: its length against `maxLines`, and any issue it names. */
export function checkText(file, text, maxLines) {
  const problems = [];
  const lines = text.split('\n');
  const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
  if (maxLines !== undefined && count > maxLines)
    problems.push(`${file}: ${count} lines, at most ${maxLines}`);
  lines.forEach((line, at) => {
    if (ISSUE_REFERENCE.test(line))
      problems.push(`${file}:${at + 1}: names an issue; say what the product does instead`);
  });
  return problems;
}

function main() {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => TEXT.test(file) && !file.endsWith('package-lock.json'));
  const problems = files.flatMap((file) => {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return [];
    return checkText(file, fs.readFileSync(full, 'utf8'), MAX_LINES[file]);
  });
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(`docs: ${files.length} files checked, READMEs within their sizes`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
