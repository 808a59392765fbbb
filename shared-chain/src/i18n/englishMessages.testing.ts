import fs from 'node:fs';
import path from 'node:path';

/** Every English message of every app's catalogue (src/locales/en.po), for the i18n tests. */
export function englishMessages(): string[] {
  const repo = path.resolve(__dirname, '../../..');
  return fs
    .readdirSync(repo)
    .map((app) => path.join(repo, app, 'src/locales/en.po'))
    .filter((file) => fs.existsSync(file))
    .flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/^msgid "((?:[^"\\]|\\.)*)"$/gm)].map(
        (m) => JSON.parse(`"${m[1]}"`) as string,
      ),
    )
    .filter((m) => m !== '');
}
