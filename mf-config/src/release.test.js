// Release and preflight on a real build: the pools remote is built once (as a deploy would,
// ~20-90 s) into a temporary dist folder, served by jmswap-serve, checked over HTTP, altered.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { serveApp } = require('./server');
const { repoRoot } = require('./apps');
const {
  RECORD_FILE,
  manifestFiles,
  releaseRemote,
  createReleaseRecord,
  recordPin,
  sharedRequirements,
  shareConfigFor,
  sri,
  writeRecordTwins,
} = require('./release');
const { preflight, formatPreflight } = require('./preflight');

jest.setTimeout(120_000);

const VERSION = '0.0.0-jest';
const DEV_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const sharedChainVersion = require(path.join(repoRoot, 'shared-chain/package.json')).version;

let tmp;
let dist; // where the release is built (the operator's machine)
let folder; // dist/<VERSION>
let record;
let warnings;
const sha384 = (file) =>
  `sha384-${crypto.createHash('sha384').update(fs.readFileSync(file)).digest('base64')}`;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jmswap-release-'));
  dist = path.join(tmp, 'dist');
  const devWallet = process.env.JMSWAP_DEV_WALLET;
  process.env.JMSWAP_DEV_WALLET = '1'; // a release is a deploy build whatever the shell says
  try {
    ({ folder, record, warnings } = await releaseRemote({
      remote: 'pools',
      version: VERSION,
      distDir: dist,
    }));
  } finally {
    if (devWallet === undefined) delete process.env.JMSWAP_DEV_WALLET;
    else process.env.JMSWAP_DEV_WALLET = devWallet;
  }
}, 300_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('npm run remote:release', () => {
  it('builds the remote into dist/<version>/ and records it beside the build', () => {
    expect(folder).toBe(path.join(dist, VERSION));
    expect(fs.readdirSync(dist)).toEqual([VERSION]); // no staging folder left
    expect(JSON.parse(fs.readFileSync(path.join(folder, RECORD_FILE), 'utf8'))).toEqual(record);
    expect(warnings).toEqual([]);
    expect(record).toMatchObject({
      remote: 'pools',
      app: 'mfe-pools',
      name: 'mfe_pools',
      version: VERSION,
      exposes: ['PoolsPage'],
    });
    expect(record.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(record.shared['@jmswap/shared-chain']).toEqual({
      version: sharedChainVersion,
      requiredVersion: `^${sharedChainVersion}`,
      singleton: true,
      strictVersion: true,
    });
    // subpath shares: the manifest drops singleton/strictVersion, the runtime applies them
    expect(record.shared['react/jsx-runtime']).toMatchObject({
      singleton: true,
      strictVersion: true,
    });
  });

  it('hashes mf-manifest.json and every file the manifest names, as SRI sha384', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    const named = manifestFiles(manifest);
    expect(named[0]).toBe('remoteEntry.js');
    expect(named).toEqual(expect.arrayContaining(manifest.exposes[0].assets.js.sync));
    expect(named).toEqual(expect.arrayContaining(manifest.exposes[0].assets.js.async));
    for (const s of manifest.shared)
      expect(named).toEqual(expect.arrayContaining(s.assets.js.sync));
    // The screen's stylesheet, a file of its own in a production build.
    expect(manifest.exposes[0].assets.css.sync).toHaveLength(1);
    expect(named).toEqual(expect.arrayContaining(manifest.exposes[0].assets.css.sync));
    // Every other script and stylesheet of the folder too (the standalone page's): none is used
    // unrecorded.
    const scripts = fs.readdirSync(folder).filter((f) => /\.(js|css)$/.test(f));
    expect(Object.keys(record.integrity).sort()).toEqual(
      [...new Set(['mf-manifest.json', ...named, ...scripts])].sort(),
    );
    for (const [file, hash] of Object.entries(record.integrity)) {
      expect(hash).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      expect(hash).toBe(sha384(path.join(folder, file)));
    }
  });

  it("writes release.json's .br and .gz twins beside it, as the build does for its other files", () => {
    const zlib = require('node:zlib');
    const plain = fs.readFileSync(path.join(folder, RECORD_FILE));
    expect(plain.length).toBeGreaterThan(1024);
    const br = fs.readFileSync(path.join(folder, `${RECORD_FILE}.br`));
    const gz = fs.readFileSync(path.join(folder, `${RECORD_FILE}.gz`));
    expect(zlib.brotliDecompressSync(br)).toEqual(plain);
    expect(zlib.gunzipSync(gz)).toEqual(plain);
    // Its SHA-384s (half the record) do not compress; the rest does.
    expect(br.length).toBeLessThan(plain.length * 0.7);
    expect(fs.readdirSync(folder).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('pins a record edited by hand with twins of the edit, not of the record before it', () => {
    const zlib = require('node:zlib');
    const other = path.join(tmp, 'hand-edited');
    fs.cpSync(folder, other, { recursive: true });
    try {
      const file = path.join(other, RECORD_FILE);
      const edited = { ...JSON.parse(fs.readFileSync(file, 'utf8')), version: '0.0.3-copy' };
      fs.writeFileSync(file, JSON.stringify(edited, null, 2));
      const pin = recordPin(other);
      const plain = fs.readFileSync(file);
      expect(pin).toBe(sri(plain));
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`))).toEqual(plain);
      expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`))).toEqual(plain);
      // Twins that hold the record already are left as they are.
      expect(writeRecordTwins(other)).toEqual([]);
      // A record too small to be worth compressing keeps no twin of an earlier one.
      fs.writeFileSync(file, '{}\n');
      recordPin(other);
      expect(fs.readdirSync(other).filter((f) => f.startsWith(RECORD_FILE))).toEqual([RECORD_FILE]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('is a deploy build: no dev wallet key even when JMSWAP_DEV_WALLET=1 is set', () => {
    const holding = fs
      .readdirSync(folder)
      .filter((f) => !/\.(gz|br|map)$/.test(f))
      .filter((f) => fs.readFileSync(path.join(folder, f)).includes(DEV_KEY));
    expect(holding).toEqual([]);
  });

  it('refuses to overwrite a released folder', async () => {
    const before = fs.readFileSync(path.join(folder, RECORD_FILE));
    await expect(
      releaseRemote({ remote: 'pools', version: VERSION, distDir: dist, build: async () => {} }),
    ).rejects.toThrow(/pools 0\.0\.0-jest is already released: .* never overwritten/);
    expect(fs.readFileSync(path.join(folder, RECORD_FILE))).toEqual(before);
  });

  it('leaves no half folder when the build fails or is incomplete', async () => {
    const failing = async (out) => {
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'remoteEntry.js'), 'half');
      throw new Error('webpack exploded');
    };
    await expect(
      releaseRemote({ remote: 'pools', version: '0.0.1-fails', distDir: dist, build: failing }),
    ).rejects.toThrow('webpack exploded');
    const incomplete = async (out) => {
      fs.cpSync(folder, out, { recursive: true });
      fs.rmSync(path.join(out, record.integrity['remoteEntry.js'] && 'remoteEntry.js'));
      fs.rmSync(path.join(out, RECORD_FILE));
    };
    await expect(
      releaseRemote({ remote: 'pools', version: '0.0.1-half', distDir: dist, build: incomplete }),
    ).rejects.toThrow(/incomplete: mf-manifest.json names remoteEntry.js/);
    expect(fs.readdirSync(dist)).toEqual([VERSION]);
  });

  it('refuses what is not a remote or a version folder', async () => {
    await expect(
      releaseRemote({ remote: 'wallet', version: '1.0.0', distDir: dist }),
    ).rejects.toThrow(/not a remote/);
    await expect(
      releaseRemote({ remote: 'pools', version: '../1.0.0', distDir: dist }),
    ).rejects.toThrow(/not a released version folder/);
  });

  it('--record-only records an existing folder once, as it is on disk', async () => {
    const other = path.join(dist, '0.0.2-adopted');
    fs.cpSync(folder, other, { recursive: true });
    fs.rmSync(path.join(other, RECORD_FILE));
    try {
      const adopted = await releaseRemote({
        remote: 'pools',
        version: '0.0.2-adopted',
        distDir: dist,
        recordOnly: true,
      });
      expect(adopted.record.integrity).toEqual(record.integrity);
      expect(adopted.record).toMatchObject({ version: '0.0.2-adopted', recordedExisting: true });
      await expect(
        releaseRemote({
          remote: 'pools',
          version: '0.0.2-adopted',
          distDir: dist,
          recordOnly: true,
        }),
      ).rejects.toThrow(/already has a release record/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses to record a folder of another remote', () => {
    expect(() => createReleaseRecord(folder, { remote: 'charts', version: VERSION })).toThrow(
      /"mfe_pools"'s, not mfe_charts's/,
    );
  });

  it('takes singleton and strictVersion of subpath shares from their "prefix/" config', () => {
    const config = {
      react: { singleton: true },
      'react/': { singleton: true, strictVersion: true },
    };
    expect(shareConfigFor('react/jsx-runtime', config)).toBe(config['react/']);
    expect(shareConfigFor('react', config)).toBe(config.react);
    expect(shareConfigFor('rxjs', config)).toBeUndefined();
    const manifest = {
      shared: [{ name: 'react/jsx-runtime', version: '19.0.0', requiredVersion: '^19.0.0' }],
    };
    expect(sharedRequirements(manifest, undefined, config)).toEqual({
      'react/jsx-runtime': {
        version: '19.0.0',
        requiredVersion: '^19.0.0',
        singleton: true,
        strictVersion: true,
      },
    });
  });
});

describe('preflight', () => {
  let served; // what the remote's server serves: a copy of dist, which tests alter
  let configDir;
  let shellDist;
  let remoteServer;
  let shellServer;
  let base;
  let shellUrl;
  const servedFile = (file) => path.join(served, VERSION, file);
  const exposeChunk = () =>
    record.exposes.length &&
    Object.keys(record.integrity).find((f) => f.startsWith('__federation_expose_PoolsPage'));

  /** A live shell whose manifest provides these shared versions. */
  function shellProvides(versions) {
    fs.mkdirSync(path.join(shellDist, 'app'), { recursive: true });
    const shared = Object.entries(versions).map(([name, version]) => ({
      name,
      version,
      singleton: true,
    }));
    fs.writeFileSync(
      path.join(shellDist, 'app/mf-manifest.json'),
      JSON.stringify({ name: 'shell', shared }),
    );
  }
  const builtAgainst = () =>
    Object.fromEntries(Object.entries(record.shared).map(([n, s]) => [n, s.version]));

  const run = (overrides = {}) =>
    preflight({
      remote: 'pools',
      version: VERSION,
      base,
      name: 'mfe_pools',
      shellUrl,
      localRecordFile: path.join(folder, RECORD_FILE),
      ...overrides,
    });
  const failed = (result) => result.checks.filter((c) => c.status === 'fail');

  beforeAll(async () => {
    served = path.join(tmp, 'served');
    configDir = path.join(tmp, 'config');
    shellDist = path.join(tmp, 'shell-dist');
    fs.mkdirSync(configDir, { recursive: true });
    remoteServer = await serveApp('mfe-pools', { port: 0, dist: served, configDir });
    shellServer = await serveApp('shell', { port: 0, dist: shellDist, configDir });
    base = `http://localhost:${remoteServer.server.address().port}`;
    shellUrl = `http://localhost:${shellServer.server.address().port}`;
  });
  beforeEach(() => {
    fs.rmSync(served, { recursive: true, force: true });
    fs.cpSync(dist, served, { recursive: true });
    shellProvides(builtAgainst());
  });
  afterAll(async () => {
    await remoteServer?.close();
    await shellServer?.close();
  });

  it('passes a released folder served as built, against the live shell', async () => {
    const result = await run();
    expect(failed(result)).toEqual([]);
    expect(result.checks.map((c) => [c.id, c.status])).toEqual([
      ['reachable', 'ok'],
      ['manifest', 'ok'],
      ['exposes', 'ok'],
      ['record', 'ok'],
      ['shared', 'ok'],
      ['integrity', 'ok'],
    ]);
    expect(result.ok).toBe(true);
    expect(formatPreflight(result, { remote: 'pools', version: VERSION, base })).toMatch(
      /integrity {2}mf-manifest.json and \d+ files match the release record \(plain, gzip, br\)\npreflight passed$/,
    );
  });

  it('serves release.json to a browser as its brotli twin, whose bytes are the pinned record', async () => {
    const zlib = require('node:zlib');
    const url = `${base}/${VERSION}/${RECORD_FILE}`;
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    // fetch decodes the body: the raw twin is what the server sent.
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const sent = fs.readFileSync(servedFile(`${RECORD_FILE}.br`));
    expect(Number(res.headers.get('content-length'))).toBe(sent.length);
    expect(sri(zlib.brotliDecompressSync(sent))).toBe(recordPin(path.join(served, VERSION)));
    expect(sri(Buffer.from(await res.arrayBuffer()))).toBe(
      sri(fs.readFileSync(path.join(folder, RECORD_FILE))),
    );
  });

  it('refuses a folder with one byte changed, naming the file', async () => {
    const chunk = exposeChunk();
    const bytes = fs.readFileSync(servedFile(chunk));
    bytes[10] ^= 1;
    fs.writeFileSync(servedFile(chunk), bytes);
    const result = await run();
    expect(result.ok).toBe(false);
    const [integrity] = failed(result);
    expect(integrity.id).toBe('integrity');
    expect(integrity.detail).toContain(`${chunk} (identity): served sha384-`);
    expect(integrity.fix).toMatch(/copy mfe-pools\/dist\/0.0.0-jest\/ again/);
  });

  it('refuses a compressed twin that is not the released file (what browsers get)', async () => {
    const zlib = require('node:zlib');
    fs.writeFileSync(
      servedFile('remoteEntry.js.br'),
      zlib.brotliCompressSync('console.log("evil")'),
    );
    const [integrity] = failed(await run());
    expect(integrity.detail).toMatch(/remoteEntry\.js \(br\): served/);
    expect(integrity.detail).not.toMatch(/remoteEntry\.js \((identity|gzip)\)/);
  });

  it('refuses a release.json whose compressed twin is another record (what browsers get)', async () => {
    const zlib = require('node:zlib');
    const other = JSON.parse(fs.readFileSync(servedFile(RECORD_FILE), 'utf8'));
    other.integrity['remoteEntry.js'] = 'sha384-other';
    fs.writeFileSync(
      servedFile(`${RECORD_FILE}.br`),
      zlib.brotliCompressSync(JSON.stringify(other)),
    );
    const [check] = failed(await run());
    expect(check.id).toBe('record');
    expect(check.detail).toMatch(/release\.json sent br-compressed is not the record sent plain/);
  });

  it('refuses a missing file', async () => {
    const chunk = exposeChunk();
    for (const f of [chunk, `${chunk}.gz`, `${chunk}.br`])
      fs.rmSync(servedFile(f), { force: true });
    const [integrity] = failed(await run());
    expect(integrity.detail).toContain(`${chunk}: HTTP 404`);
  });

  it('refuses a deployed folder whose release.json is not the one released here', async () => {
    const other = JSON.parse(fs.readFileSync(servedFile(RECORD_FILE), 'utf8'));
    other.integrity['remoteEntry.js'] = 'sha384-other';
    fs.writeFileSync(servedFile(RECORD_FILE), JSON.stringify(other));
    const [check] = failed(await run());
    expect(check.id).toBe('record');
    expect(check.detail).toMatch(/another build was deployed under this version/);
  });

  it('rolls back to a version this site pinned, though the folder here is another build of it', async () => {
    // npm start rebuilds dist/<version>/ in place: its record is not the deployed build's.
    const other = JSON.parse(fs.readFileSync(path.join(folder, RECORD_FILE), 'utf8'));
    other.integrity['remoteEntry.js'] = 'sha384-rebuilt';
    const localRecordFile = path.join(tmp, 'rebuilt', RECORD_FILE);
    fs.mkdirSync(path.dirname(localRecordFile), { recursive: true });
    fs.writeFileSync(localRecordFile, JSON.stringify(other));
    expect(failed(await run({ localRecordFile }))[0].detail).toMatch(/another build was deployed/);

    const result = await run({ localRecordFile, pinned: sha384(servedFile(RECORD_FILE)) });
    expect(failed(result)).toEqual([]);
    expect(result.checks.find((c) => c.id === 'record').detail).toMatch(
      /release\.json \(the record remotes\.json pins\)/,
    );
    expect(result.warnings.join('\n')).toMatch(
      /rebuilt\/release\.json here is another build of 0\.0\.0-jest than the one deployed and pinned/,
    );
  });

  it('refuses a pinned version whose served record is not the pin, whatever is here', async () => {
    const pinned = sha384(servedFile(RECORD_FILE));
    const other = JSON.parse(fs.readFileSync(servedFile(RECORD_FILE), 'utf8'));
    other.integrity['remoteEntry.js'] = 'sha384-other';
    fs.writeFileSync(servedFile(RECORD_FILE), JSON.stringify(other));
    const [check] = failed(await run({ localRecordFile: undefined, pinned }));
    expect(check.id).toBe('record');
    expect(check.detail).toMatch(
      /is not the release record remotes\.json pins for 0\.0\.0-jest .*: another build was deployed under this version since it was checked/,
    );
  });

  it('uses the served record when the release is not on this machine, and says so', async () => {
    const result = await run({ localRecordFile: path.join(tmp, 'nowhere', RECORD_FILE) });
    expect(result.ok).toBe(true);
    expect(result.warnings.join('\n')).toMatch(/the release record the server itself serves/);
  });

  it('refuses a version without a release record, saying how to get one', async () => {
    fs.rmSync(servedFile(RECORD_FILE));
    const result = await run({ localRecordFile: undefined });
    const [check] = failed(result);
    expect(check.id).toBe('record');
    expect(check.detail).toMatch(/has no release record/);
    expect(check.fix).toMatch(/--record-only/);
    expect(result.checks.find((c) => c.id === 'integrity').status).toBe('skip');
  });

  it('refuses a version that is not deployed (404)', async () => {
    const result = await run({ version: '7.7.7' });
    const [check] = failed(result);
    expect(check.id).toBe('reachable');
    expect(check.detail).toMatch(
      /pools 7\.7\.7 is not released at http:\/\/localhost:\d+: .* answered 404/,
    );
    expect(check.fix).toContain('npm run remote:release -- pools 7.7.7');
  });

  it('says how to start the local servers when nothing answers', async () => {
    const down = await serveApp('mfe-pools', { port: 0, dist: served, configDir });
    const port = down.server.address().port;
    await down.close();
    const [check] = failed(await run({ base: `http://localhost:${port}` }));
    expect(check.detail).toMatch(/nothing answers at http:\/\/localhost:\d+ \(ECONNREFUSED\)/);
    expect(check.fix).toMatch(/local servers are not running: start them with `npm start`/);
  });

  it('refuses a build that lacks a module the site loads from it', async () => {
    const result = await run({ required: { PoolsPage: ['shell'], MiniChart: ['mfe-swap'] } });
    const [check] = failed(result);
    expect(check.id).toBe('exposes');
    expect(check.detail).toBe('pools 0.0.0-jest does not expose MiniChart (loaded by mfe-swap)');
  });

  it("refuses another remote's manifest", async () => {
    const [check] = failed(await run({ name: 'mfe_charts' }));
    expect(check.detail).toMatch(/belongs to "mfe_pools", not mfe_charts/);
  });

  it('refuses a build the live shell cannot satisfy (strictVersion singletons)', async () => {
    const [major] = sharedChainVersion.split('.');
    shellProvides({
      ...builtAgainst(),
      '@jmswap/shared-chain': `${Number(major) - 1}.9.0`,
      react: '18.3.1',
    });
    const [check] = failed(await run());
    expect(check.id).toBe('shared');
    expect(check.detail).toContain(
      `@jmswap/shared-chain: pools 0.0.0-jest needs ^${sharedChainVersion} (singleton, strictVersion) but the live shell provides ${Number(major) - 1}.9.0`,
    );
    expect(check.detail).toMatch(/react: .* needs \^19\.\d+\.\d+ .* provides 18\.3\.1/);
  });

  it('passes a build against an older minor of what the shell provides', async () => {
    const [major, minor] = sharedChainVersion.split('.').map(Number);
    shellProvides({ ...builtAgainst(), '@jmswap/shared-chain': `${major}.${minor + 1}.0` });
    expect((await run()).ok).toBe(true);
  });

  it('only warns for a non-strict singleton the shell provides in another version', async () => {
    const local = path.join(tmp, 'record-with-highcharts.json');
    const withHighcharts = {
      ...record,
      shared: {
        ...record.shared,
        highcharts: {
          version: '12.0.0',
          requiredVersion: '^12.0.0',
          singleton: true,
          strictVersion: false,
        },
      },
    };
    fs.writeFileSync(local, JSON.stringify(withHighcharts));
    fs.writeFileSync(servedFile(RECORD_FILE), JSON.stringify(withHighcharts));
    // A hand-written record has no compressed twins (stale ones are refused: test above).
    for (const twin of ['br', 'gz'])
      fs.rmSync(servedFile(`${RECORD_FILE}.${twin}`), { force: true });
    shellProvides({ ...builtAgainst(), highcharts: '11.4.0' });
    const result = await run({ localRecordFile: local });
    expect(result.ok).toBe(true);
    expect(result.warnings.join('\n')).toMatch(
      /highcharts: .* provides 11\.4\.0: it runs on 11\.4\.0 anyway/,
    );
  });

  it('refuses when the live shell cannot be asked, saying how to start or name it', async () => {
    fs.rmSync(path.join(shellDist, 'app/mf-manifest.json'));
    const [check] = failed(await run());
    expect(check.id).toBe('shared');
    expect(check.detail).toMatch(
      /cannot tell what the live shell provides: .*\/mf-manifest.json: HTTP \d+/,
    );
    expect(check.fix).toMatch(/`npm start`.*--shell <url>/);
  });

  describe('scripts/remote-use.mjs', () => {
    const script = path.join(repoRoot, 'scripts/remote-use.mjs');
    const remotesFile = () => path.join(configDir, 'remotes.json');
    const initial = () => ({
      allowedOrigins: ['http://localhost:8081', base],
      remotes: {
        swap: { name: 'mfe_swap', base: 'http://localhost:8081', version: '1.0.0' },
        pools: { name: 'mfe_pools', base, version: '0.0.0-before' },
      },
    });
    const use = (...args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [script, ...args], {
          cwd: repoRoot,
          env: { ...process.env, JMSWAP_CONFIG_DIR: configDir, JMSWAP_SHELL_URL: shellUrl },
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('exit', (code) => resolve({ code, output }));
      });
    beforeEach(() => fs.writeFileSync(remotesFile(), JSON.stringify(initial(), null, 2) + '\n'));

    it('switches after a passing preflight and keeps the replaced version as fallbackVersion', async () => {
      const { code, output } = await use('pools', VERSION);
      expect(output).toContain('preflight passed');
      expect(code).toBe(0);
      const written = JSON.parse(fs.readFileSync(remotesFile(), 'utf8'));
      // The version is pinned: its release.json as served, which the shell checks first.
      const served = await fetch(`${base}/${VERSION}/release.json`);
      const pin = `sha384-${crypto
        .createHash('sha384')
        .update(Buffer.from(await served.arrayBuffer()))
        .digest('base64')}`;
      const { preload, ...pinned } = written.remotes.pools;
      expect(pinned).toEqual({
        name: 'mfe_pools',
        base,
        version: VERSION,
        fallbackVersion: '0.0.0-before',
        integrity: { [VERSION]: pin },
      });
      // The screen's first files, hashed as its release record hashes them, for the head script.
      expect(Object.keys(preload)).toEqual([VERSION]);
      expect(Object.keys(preload[VERSION])).toEqual(
        expect.arrayContaining(['remoteEntry.js', exposeChunk()]),
      );
      for (const [file, hash] of Object.entries(preload[VERSION]))
        expect(hash).toBe(record.integrity[file]);
      expect(written.remotes.swap).toEqual(initial().remotes.swap);
    });

    it('refuses a base the deployment does not allow, and changes nothing', async () => {
      const file = initial();
      file.allowedOrigins = ['http://localhost:8081'];
      fs.writeFileSync(remotesFile(), JSON.stringify(file));
      const { code, output } = await use('pools', VERSION);
      expect(code).toBe(1);
      expect(output).toContain(`its base ${new URL(base).origin} is not in allowedOrigins`);
      expect(JSON.parse(fs.readFileSync(remotesFile(), 'utf8'))).toEqual(file);
    });

    it('changes nothing when the preflight fails, and says what failed', async () => {
      const chunk = exposeChunk();
      fs.appendFileSync(servedFile(chunk), ' ');
      const before = fs.readFileSync(remotesFile());
      const { code, output } = await use('pools', VERSION);
      expect(code).toBe(1);
      expect(output).toMatch(/FAIL {2}integrity/);
      expect(output).toContain(chunk);
      expect(output).toMatch(/pools: not switched, .*remotes.json unchanged/);
      expect(fs.readFileSync(remotesFile())).toEqual(before);
    });

    it('checks a version it already pins against that pin', async () => {
      const file = initial();
      file.remotes.pools.fallbackVersion = VERSION;
      file.remotes.pools.integrity = { [VERSION]: `sha384-${'A'.repeat(64)}` };
      fs.writeFileSync(remotesFile(), JSON.stringify(file));
      const { code, output } = await use('pools', VERSION);
      expect(code).toBe(1);
      expect(output).toMatch(/FAIL {2}record .* is not the release record remotes\.json pins/);
      expect(JSON.parse(fs.readFileSync(remotesFile(), 'utf8'))).toEqual(file);
    });

    it('--canary sends the checked version to that share of browsers, and 0 ends it', async () => {
      const started = await use('pools', VERSION, '--canary', '25');
      expect(started.code).toBe(0);
      expect(started.output).toContain('preflight passed');
      expect(started.output).toMatch(/pools: 0\.0\.0-before for the other 75% of users in /);
      const written = JSON.parse(fs.readFileSync(remotesFile(), 'utf8')).remotes.pools;
      expect(written).toMatchObject({
        version: '0.0.0-before',
        canary: { version: VERSION, percent: 25 },
      });
      expect(Object.keys(written.integrity)).toEqual([VERSION]);

      const ended = await use('pools', VERSION, '--canary', '0');
      expect(ended.code).toBe(0);
      expect(ended.output).toMatch(/pools: 0\.0\.0-before for every user in /);
      const after = JSON.parse(fs.readFileSync(remotesFile(), 'utf8')).remotes.pools;
      expect(after.version).toBe('0.0.0-before');
      expect(after.canary).toBeUndefined();
    });

    it('--force skips the preflight, loudly', async () => {
      const { code, output } = await use('pools', '7.7.7', '--force');
      expect(code).toBe(0);
      expect(output).toContain('!!! --force: PREFLIGHT SKIPPED for pools 7.7.7');
      expect(output).toContain('(UNCHECKED: --force)');
      expect(JSON.parse(fs.readFileSync(remotesFile(), 'utf8')).remotes.pools.version).toBe(
        '7.7.7',
      );
    });

    it('refuses a version never released (message the e2e suite relies on)', async () => {
      const { code, output } = await use('pools', '7.7.7');
      expect(code).toBe(1);
      expect(output).toMatch(/not released/);
    });
  });
});
