// npm start's chains start again from their saved seed at every start (or are seeded anew when
// the contracts change): the api started with reindexAll forgets what it indexed from the chains
// it knew and ends with exactly the trades of the chains it now sees; rows of other concerns stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type StartedApi } from './main';
import { removeNetworksFiles, writeNetworksFile } from './test/api-process';
import { startTestChains, type TestChains } from './test/chain';
import { seededPgliteDir } from './test/pglite-template';
import { LEVEL, memoryLogger } from './test/observe';

jest.setTimeout(120_000);

let tmp: string;
let chains: TestChains | undefined;
let api: StartedApi | undefined;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'jmswap-reindex-all-'));
  await seededPgliteDir(join(tmp, 'data'));
});
afterEach(async () => {
  await api?.app.close();
  api = undefined;
  await chains?.stop();
  chains = undefined;
});
afterAll(() => {
  removeNetworksFiles();
  rmSync(tmp, { recursive: true, force: true });
});

async function indexed(started: StartedApi): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if ((await fetch(`${started.url}/ready`)).ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the api never became ready');
}

async function bscTrades(started: StartedApi): Promise<number> {
  const { rows } = await started.db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM trades WHERE network = 'BSC'",
  );
  return Number(rows[0]!.n);
}

/** The api's log lines at info and up; npm start's terminal shows those at warn and up. */
let logged = memoryLogger('info');
const warnings = () => logged.lines.filter((line) => line.level >= LEVEL.warn);
const start = (networksFile: string, reindexAll: boolean, dataDir = join(tmp, 'data')) =>
  startApi({
    port: 0,
    dataDir,
    networksFile,
    log: () => undefined,
    logger: logged.logger,
    reindexAll,
  });

test('a restarted local chain with another history: reindexAll ends with exactly its trades', async () => {
  chains = await startTestChains({ swaps: 9 });
  api = await start(writeNetworksFile(chains), false);
  await indexed(api);
  const first = await bscTrades(api);
  expect(first).toBeGreaterThanOrEqual(9);
  const other = await api.db.query(
    "INSERT INTO indexer_control (network, last_outcome) VALUES ('KEEP', 'kept') RETURNING network",
  );
  expect(other.rows).toHaveLength(1);
  await api.app.close();
  api = undefined;
  await chains.stop();

  // Seeded anew, with fewer swaps: none of the stored blocks is on this chain.
  chains = await startTestChains({ swaps: 3 });
  logged = memoryLogger('info');
  api = await start(writeNetworksFile(chains), true);
  await indexed(api);
  // The trades it forgot are said once per network that had any.
  expect(warnings().filter((line) => line.network === 'BSC')).toEqual([
    expect.objectContaining({
      msg: expect.stringMatching(/^BSC: re-index from block 0: \d+ stored trades removed/),
    }),
  ]);
  const second = await bscTrades(api);
  expect(second).toBeGreaterThanOrEqual(3);
  expect(second).toBeLessThan(first);
  const { rows } = await api.db.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM trades WHERE network = 'BSC' AND block_number > (SELECT block_number FROM indexer_cursor WHERE network = 'BSC')",
  );
  expect(Number(rows[0]!.n)).toBe(0);
  // Rows of other concerns stay (here: another network's control row).
  const kept = await api.db.query("SELECT 1 FROM indexer_control WHERE network = 'KEEP'");
  expect(kept.rows).toHaveLength(1);
});

test("npm start's first start on a fresh clone (an empty database, reindexAll) warns of nothing", async () => {
  chains = await startTestChains({ swaps: 3 });
  const empty = join(tmp, 'empty');
  await seededPgliteDir(empty);
  logged = memoryLogger('info');
  api = await start(writeNetworksFile(chains), true, empty);
  await indexed(api);
  expect(await bscTrades(api)).toBeGreaterThanOrEqual(3);
  expect(warnings().map((line) => line.msg)).toEqual([]);
  // Said at info, for whoever reads the log at that level.
  expect(logged.lines.map((line) => line.msg)).toContainEqual(
    expect.stringMatching(/^BSC: re-index from block 0: no stored trade removed/),
  );
});
