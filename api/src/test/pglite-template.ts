// Test infrastructure: an empty PGlite cluster made once per test run. Every new PGlite database
// otherwise runs initdb, some 2 CPU-seconds each, and the api's suite opens about forty of them.
// A database from the template is the same cluster initdb would make (same PGlite, same
// options), copied. Migrations still run on every database, as in production.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The run's folder for it: the test-run cache jest's globalSetup makes, else none. */
const home = (): string | undefined =>
  process.env.JMSWAP_TEST_CACHE && join(process.env.JMSWAP_TEST_CACHE, 'pglite-template');

let making: Promise<string | undefined> | undefined;

/**
 * The template's folder, with `data/` (a PGlite data directory, cleanly shut down) and
 * `data.tar` (the same, as PGlite's dumpDataDir writes it). Undefined outside a jest run that
 * made the test-run cache: callers then create databases the plain way.
 */
function template(): Promise<string | undefined> {
  const dir = home();
  if (!dir) return Promise.resolve(undefined);
  if (existsSync(join(dir, 'data.tar'))) return Promise.resolve(dir);
  making ??= (async () => {
    // Made beside and renamed into place, so a half-made template is never used.
    mkdirSync(join(dir, '..'), { recursive: true });
    const part = mkdtempSync(`${dir}-part-`);
    const lite = new PGlite(join(part, 'data'));
    // A checkpoint first: each copy then starts without replaying any WAL.
    await lite.exec('CHECKPOINT');
    const tar = await lite.dumpDataDir('none');
    await lite.close();
    await writeFile(join(part, 'data.tar'), Buffer.from(await tar.arrayBuffer()));
    try {
      renameSync(part, dir);
    } catch (e) {
      // Another jest worker of the run placed its template first: that one is as good.
      rmSync(part, { recursive: true, force: true });
      if (!existsSync(join(dir, 'data.tar'))) throw e;
    }
    return dir;
  })().finally(() => (making = undefined));
  return making;
}

/** PGlite's `loadDataDir` for an in-memory database from the template (undefined: none). */
export async function pgliteTemplateTar(): Promise<Blob | undefined> {
  const dir = await template();
  return dir ? new Blob([readFileSync(join(dir, 'data.tar'))]) : undefined;
}

/**
 * A new PGlite data directory at `path` (default: a new temporary folder), a copy of the
 * template: opening it resumes instead of running initdb. `remove()` deletes what this made.
 */
export async function seededPgliteDir(path?: string): Promise<{ dir: string; remove(): void }> {
  const made = path ? undefined : mkdtempSync(join(tmpdir(), 'jmswap-pglite-'));
  const dir = path ?? join(made!, 'data');
  const from = await template();
  if (from) cpSync(join(from, 'data'), dir, { recursive: true });
  return { dir, remove: () => rmSync(made ?? dir, { recursive: true, force: true }) };
}
