/**
 * A test run's own folder of saved chains (JMSWAP_TEST_CACHE). A jest global setup makes it, the
 * first test file to start a chain deploys and saves it there, and the next files asking for the
 * same chain (the same cache key: every option that decides its deployed state) restore it as it
 * was just after the deploy, in about a second. Removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateCache } from './state-cache';

const ENV = 'JMSWAP_TEST_CACHE';
const REMOVE = Symbol.for('jmswap.testRunCache.remove');
type WithRemove = { [REMOVE]?: () => void };

/** jest's globalSetup: makes the run's folder (removed by stopTestRunCache, or at exit). */
export function startTestRunCache(name: string): void {
  const dir = mkdtempSync(join(tmpdir(), `jmswap-${name}-test-`));
  process.env[ENV] = dir;
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  (globalThis as WithRemove)[REMOVE] = remove;
  process.once('exit', remove);
}

/** jest's globalTeardown. */
export function stopTestRunCache(): void {
  (globalThis as WithRemove)[REMOVE]?.();
}

/**
 * The run's saved chains under `slot` (a folder: saving a network replaces that network's other
 * entries in it). Undefined outside such a run: every chain is then deployed.
 */
export function testRunCache(slot = 'chains'): StateCache | undefined {
  const root = process.env[ENV];
  return root ? new StateCache({ dir: join(root, slot) }) : undefined;
}
