import { createHash } from 'node:crypto';
import { integrityFailure } from './failover';
import { expectVersion, integrityOf, IntegrityError, UNLISTED, verifiedFetch } from './integrity';

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
  global.fetch = jest.fn(async (url: string) =>
    url in served ? new Response(served[url]) : new Response('', { status: 404 }),
  ) as unknown as typeof fetch;
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
  // ... and a url of no remote version is left to the browser.
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
