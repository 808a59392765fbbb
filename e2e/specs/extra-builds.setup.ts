/**
 * The extra builds some specs load (the version-skew remotes, the deploy check, an older swap
 * release for the rollback test; fixtures/builds.ts), made by the suite itself after its page
 * specs, while its trading specs still run: that lane has time to spare, and the suite starts
 * without waiting for them. The specs that load them run after (the `alone` project).
 */
import { test } from '@playwright/test';
import { ensureSpecBuilds } from '../fixtures/builds';
import { ensureOldSwapBuild } from '../fixtures/stack';

test('the extra builds the specs load are made', async () => {
  test.setTimeout(600_000);
  // One at a time: the trading specs beside it keep the other core.
  await ensureSpecBuilds({ lanes: 1 });
  await ensureOldSwapBuild();
});
