import { createHash } from 'node:crypto';
import { integrityFailure } from './failover';
import {
  expectVersion,
  integrityOf,
  IntegrityError,
  loadAfresh,
  UNLISTED,
  verifiedFetch,
} from './integrity';

const hash = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const BASE = 'http://cdn.test/pools';
let served: Record<string, string>;
let version = 0;

/** A fresh version folder per test (the module keeps what it checked). */
function release(files: Record<string, string>) {
  const v = `1.0.${version++}`;
  const folder = `${BASE}/${v}/`;
  const record = JSON.stringify({
    chunkIntegrity: true,
    integrity: Object.fromEntries(Object.entries(files).map(([f, text]) => [f, hash(text)])),
  });
  served = { [`${folder}release.json`]: record };
  for (const [file, text] of Object.entries(files)) served[folder + file] = text;
  return { v, folder, pin: hash(record) };
}

beforeEach(() => {
  // The network asks for the url as the browser writes it.
  global.fetch = jest.fn(async (url: string) => {
    const at = new URL(url).href;
    return at in served ? new Response(served[at]) : new Response('', { status: 404 });
  }) as unknown as typeof fetch;
});

const FILES = { 'mf-manifest.json': '{"name":"mfe_pools"}', 'remoteEntry.js': 'entry' };

it('a manifest that matches its pinned record is handed over, and its scripts get their hashes', async () => {
  const { v, folder, pin } = release(FILES);
  expectVersion('pools', BASE, v, pin);
  const res = await verifiedFetch(`${folder}mf-manifest.json`);
  expect(await res?.json()).toEqual({ name: 'mfe_pools' });
  expect(integrityOf(`${folder}remoteEntry.js`)).toBe(hash('entry'));
  expect(window.__jmswapIntegrity?.[`${folder}remoteEntry.js`]).toBe(hash('entry'));
  // A script of the folder the record does not list gets a hash nothing matches...
  expect(integrityOf(`${folder}extra.js`)).toBe(UNLISTED);
  // ... and so does any other url of the remote's host, or of another host, whatever path it
  // names (a manifest may name an entry anywhere).
  for (const url of [
    `${BASE}/evil/remoteEntry.js`,
    `${folder}../evil.js`,
    'http://cdn.test/elsewhere.css',
    'https://other.test/remoteEntry.js',
  ])
    expect(integrityOf(url)).toBe(UNLISTED);
  // The page's own files are left to the browser.
  expect(integrityOf('http://localhost/main.js')).toBeUndefined();
  expect(await verifiedFetch('http://localhost/config/networks.json')).toBeUndefined();
});

it('one byte changed in the manifest: refused, and the failure says integrity', async () => {
  const { v, folder, pin } = release(FILES);
  served[`${folder}mf-manifest.json`] = '{"name":"mfe_poolz"}';
  expectVersion('pools', BASE, v, pin);
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow(IntegrityError);
  await expect(integrityFailure(BASE, v, new Error('x'))).resolves.toBe(
    `mf-manifest.json of pools ${v} does not match its release record`,
  );
});

it('a record that is not the pinned one, or no pin at all: nothing of the version is used', async () => {
  const { v, folder } = release(FILES);
  expectVersion('pools', BASE, v, hash('another record'));
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow(
    `the release record of pools ${v} does not match its pin in remotes.json`,
  );
  const other = release(FILES);
  expectVersion('pools', BASE, other.v, undefined);
  await expect(verifiedFetch(`${other.folder}mf-manifest.json`)).rejects.toThrow(
    /remotes.json pins no release record for pools/,
  );
});

it('a chunk the browser refused is named by re-reading it: a changed file is an integrity failure', async () => {
  const { v, folder, pin } = release({ ...FILES, '12.abc.js': 'chunk' });
  expectVersion('pools', BASE, v, pin);
  await verifiedFetch(`${folder}mf-manifest.json`);
  const error = new Error(`Loading chunk 12 failed.\n(error: ${folder}12.abc.js)`);
  // Served as released: the failure was something else (the network).
  await expect(integrityFailure(BASE, v, error)).resolves.toBeUndefined();
  served[`${folder}12.abc.js`] = 'chunK';
  await expect(integrityFailure(BASE, v, error)).resolves.toBe(
    `12.abc.js of pools ${v} does not match its release record`,
  );
});

it('a build from before chunk integrity is refused: its chunks would load unchecked', async () => {
  const v = `1.0.${version++}`;
  const folder = `${BASE}/${v}/`;
  const record = JSON.stringify({ integrity: { 'mf-manifest.json': hash('{}') } });
  served = { [`${folder}release.json`]: record, [`${folder}mf-manifest.json`]: '{}' };
  expectVersion('pools', BASE, v, hash(record));
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow(
    /predates chunk integrity/,
  );
});

it('a host that does not answer is a load failure, not integrity, and is asked again next time', async () => {
  const { v, folder, pin } = release(FILES);
  expectVersion('pools', BASE, v, pin);
  const answer = global.fetch;
  global.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow('Failed to fetch');
  await expect(integrityFailure(BASE, v, new Error('x'))).resolves.toBeUndefined();
  global.fetch = answer;
  const res = await verifiedFetch(`${folder}mf-manifest.json`);
  expect(await res?.json()).toEqual({ name: 'mfe_pools' });
});

it('a manifest answered with an HTTP error is never handed on, whatever its body says', async () => {
  const { v, folder, pin } = release(FILES);
  expectVersion('pools', BASE, v, pin);
  // A 404 whose body is a manifest naming an entry outside the version folder.
  const forged = JSON.stringify({
    name: 'mfe_pools',
    metaData: { publicPath: 'http://cdn.test/evil/', remoteEntry: { name: 'remoteEntry.js' } },
  });
  global.fetch = jest.fn(async (url: string) =>
    url.endsWith('mf-manifest.json')
      ? new Response(forged, { status: 404 })
      : new Response(served[url] ?? '', { status: url in served ? 200 : 404 }),
  ) as unknown as typeof fetch;
  const why = `mf-manifest.json of pools ${v} answered HTTP 404, not its released file`;
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow(why);
  await expect(integrityFailure(BASE, v, new Error('x'))).resolves.toBe(why);
  // Whatever runs after it, the entry it names would be refused.
  expect(integrityOf('http://cdn.test/evil/remoteEntry.js')).toBe(UNLISTED);
});

it('a file of the version answered with an HTTP error is an integrity failure of the version', async () => {
  const { v, folder, pin } = release({ ...FILES, '12.abc.js': 'chunk' });
  expectVersion('pools', BASE, v, pin);
  await verifiedFetch(`${folder}mf-manifest.json`);
  delete served[`${folder}12.abc.js`];
  const error = new Error(`Loading chunk 12 failed.\n(error: ${folder}12.abc.js)`);
  await expect(integrityFailure(BASE, v, error)).resolves.toBe(
    `12.abc.js of pools ${v} answered HTTP 404, not its released file`,
  );
});

it('urls are compared in canonical form on both sides', async () => {
  const { v, pin } = release(FILES);
  // Stored as the browser writes it, whichever way the url the runtime hands over is written.
  expectVersion('pools', BASE, v, pin);
  const res = await verifiedFetch(`http://CDN.test:80/pools/./${v}/mf-manifest.json`);
  expect(await res?.json()).toEqual({ name: 'mfe_pools' });
  expect(integrityOf(`http://cdn.test/pools/x/../${v}/remoteEntry.js`)).toBe(hash('entry'));
});

it('a head-script fetch that failed while the host was down is asked again on the next try', async () => {
  const { v, folder, pin } = release(FILES);
  expectVersion('pools', BASE, v, pin);
  const down = () => Promise.reject(new TypeError('Failed to fetch'));
  const responses: Record<string, Promise<Response>> = {
    [`${folder}release.json`]: down(),
    [`${folder}mf-manifest.json`]: down(),
  };
  for (const r of Object.values(responses)) r.catch(() => undefined);
  window.__jmswapEarly = { responses, started: Promise.resolve() };
  const answer = global.fetch;
  global.fetch = jest.fn(down) as unknown as typeof fetch;
  await expect(verifiedFetch(`${folder}mf-manifest.json`)).rejects.toThrow('Failed to fetch');
  // The host is back: both files are fetched again, not taken from the failed early fetches.
  global.fetch = answer;
  const res = await verifiedFetch(`${folder}mf-manifest.json`);
  expect(await res?.json()).toEqual({ name: 'mfe_pools' });
  delete window.__jmswapEarly;
});

it("after Retry a remote's files carry a second, unmatchable hash: the browser fetches them afresh, never from a preload that failed", async () => {
  const { v, folder, pin } = release({ ...FILES, '12.abc.js': 'chunk' });
  expectVersion('pools', BASE, v, pin);
  await verifiedFetch(`${folder}mf-manifest.json`);
  expect(integrityOf(`${folder}12.abc.js`)).toBe(hash('chunk'));
  loadAfresh('pools');
  const both = `${hash('chunk')} ${UNLISTED}`;
  expect(integrityOf(`${folder}12.abc.js`)).toBe(both);
  // The remote's own chunk loader reads the table.
  expect(window.__jmswapIntegrity?.[`${folder}12.abc.js`]).toBe(both);
  // A version whose record is read only after Retry gets them too; the checks use the hash.
  const later = release(FILES);
  expectVersion('pools', BASE, later.v, later.pin);
  loadAfresh('pools');
  await verifiedFetch(`${later.folder}mf-manifest.json`);
  expect(integrityOf(`${later.folder}remoteEntry.js`)).toBe(`${hash('entry')} ${UNLISTED}`);
  // Another remote's files keep their own hash alone.
  const swap = 'http://cdn.test/swap';
  const other = release(FILES);
  const swapFolder = `${swap}/${other.v}/`;
  served = Object.fromEntries(
    Object.entries(served).map(([url, body]) => [url.replace(other.folder, swapFolder), body]),
  );
  expectVersion('swap', swap, other.v, other.pin);
  await verifiedFetch(`${swapFolder}mf-manifest.json`);
  expect(integrityOf(`${swapFolder}remoteEntry.js`)).toBe(hash('entry'));
});
