// The checks `npm run remote:use` runs before it points users at a version of a remote, all over
// HTTP, as the browser will see it:
//   reachable  <base>/<version>/mf-manifest.json answers 200, with CORS for the shell's origin
//   manifest   it parses and is this remote's (federation name of remotes.json)
//   exposes    it exposes every module the shell, the widget and other remotes load from it
//   record     the release record (release.json) of that version, from this machine's
//              <app>/dist/<version>/ when it is here, else the one the server serves
//   shared     each shared singleton it needs strictly is satisfied by what the live shell
//              provides (the shell's own mf-manifest.json, which its build writes and
//              jmswap-serve serves at /mf-manifest.json; the widget's at /widget/): the same
//              `satisfy` the federation runtime applies when the remote loads
//   integrity  mf-manifest.json and every file the release record lists hash (SHA-384) to the
//              record, fetched plain and as the gzip and brotli twins the server may send
const fs = require('node:fs');
const path = require('node:path');
const { REQUIRED_EXPOSES, remoteApp } = require('./apps');
const { MANIFEST_FILE, RECORD_FILE, manifestFiles, sharedRequirements, sri } = require('./release');

const ENCODINGS = ['identity', 'gzip', 'br'];

function isLocalUrl(url) {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** One GET; never throws: `{ status, bytes, headers }` or `{ error }` (why nothing answered). */
async function get(url, { fetchImpl, timeoutMs, encoding = 'identity' }) {
  try {
    const res = await fetchImpl(url, {
      headers: { 'accept-encoding': encoding },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, ok: res.ok, bytes, headers: res.headers };
  } catch (error) {
    const code =
      error?.cause?.code ??
      (error?.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : undefined);
    return { error: code ?? error?.message ?? String(error) };
  }
}

function parseJson(bytes) {
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch (error) {
    return { error: error.message };
  }
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const short = (hash) => (hash ? `${hash.slice(0, 19)}...` : 'none');

/**
 * Runs the checks. Resolves with `{ ok, checks: [{ id, status: 'ok'|'fail'|'skip', detail,
 * fix? }], warnings: string[], record?, manifest?, pin? }`; never writes anything. `pin` is
 * the SHA-384 of the release.json served, for remotes.json's `integrity`.
 * `localRecordFile` is this machine's release.json of the version (optional); `pinned` is the
 * pin remotes.json already holds for the version (its last good check on this site), which wins
 * over a local folder that is another build of it; `fetch` replaces the global fetch (tests).
 */
async function preflight({
  remote,
  version,
  base,
  name,
  shellUrl,
  localRecordFile,
  pinned,
  required = REQUIRED_EXPOSES[remote] ?? {},
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 15_000,
  concurrency = 8,
}) {
  const app = remoteApp(remote);
  const checks = [];
  const warnings = [];
  const pass = (id, detail) => checks.push({ id, status: 'ok', detail });
  const fail = (id, detail, fix) => checks.push({ id, status: 'fail', detail, fix });
  const skip = (...ids) =>
    ids.forEach((id) => checks.push({ id, status: 'skip', detail: 'not checked' }));
  const done = (extra = {}) => ({
    ok: checks.every((c) => c.status !== 'fail'),
    checks,
    warnings,
    ...extra,
  });
  const opts = { fetchImpl, timeoutMs };
  const folderUrl = `${base}/${version}`;
  const local = isLocalUrl(base);
  const release = `npm run remote:release -- ${remote} ${version}`;

  // reachable
  const manifestUrl = `${folderUrl}/${MANIFEST_FILE}`;
  const res = await get(manifestUrl, opts);
  if (res.error) {
    fail(
      'reachable',
      `nothing answers at ${new URL(base).origin} (${res.error}) for ${manifestUrl}`,
      local
        ? `the local servers are not running: start them with \`npm start\` (the whole site), or this remote's alone with \`npx jmswap-serve --app ${app} --port ${new URL(base).port || 80}\``
        : `check the host behind ${base} (and that remotes.json's base for ${remote} is right)`,
    );
    skip('manifest', 'exposes', 'record', 'shared', 'integrity');
    return done();
  }
  if (res.status === 404) {
    fail(
      'reachable',
      `${remote} ${version} is not released at ${base}: GET ${manifestUrl} answered 404`,
      local
        ? `release it with \`${release}\` (locally it is served from ${app}/dist/${version}/), or pick a version that is: ls ${app}/dist/`
        : `release it with \`${release}\` and copy ${app}/dist/${version}/ (every file) to the host behind ${base}`,
    );
    skip('manifest', 'exposes', 'record', 'shared', 'integrity');
    return done();
  }
  if (!res.ok) {
    fail(
      'reachable',
      `GET ${manifestUrl} answered HTTP ${res.status}`,
      `fix the host behind ${base}`,
    );
    skip('manifest', 'exposes', 'record', 'shared', 'integrity');
    return done();
  }
  const cors = res.headers.get('access-control-allow-origin');
  const shellOrigin = new URL(shellUrl).origin;
  if (cors !== '*' && cors !== shellOrigin && new URL(base).origin !== shellOrigin)
    fail(
      'reachable',
      `${manifestUrl} is served without CORS for ${shellOrigin} (Access-Control-Allow-Origin: ${cors ?? 'none'}): the shell cannot read it`,
      `serve ${base} with CORS headers (jmswap-serve sends them)`,
    );
  else pass('reachable', `${manifestUrl} (HTTP ${res.status})`);

  // manifest
  const parsed = parseJson(res.bytes);
  const manifest = parsed.value;
  if (
    parsed.error ||
    !manifest ||
    typeof manifest !== 'object' ||
    !Array.isArray(manifest.exposes) ||
    !manifest.metaData?.remoteEntry?.name
  ) {
    fail(
      'manifest',
      `${manifestUrl} is not a federation manifest${parsed.error ? ` (${parsed.error})` : ''}`,
      `the folder is broken or not a remote build: release ${remote} again under a new version`,
    );
    skip('exposes', 'record', 'shared', 'integrity');
    return done();
  }
  if (manifest.name !== name) {
    fail(
      'manifest',
      `${manifestUrl} belongs to ${JSON.stringify(manifest.name)}, not ${name}`,
      `remotes.json's base for ${remote} (${base}) points at another remote's server`,
    );
    skip('exposes', 'record', 'shared', 'integrity');
    return done();
  }
  pass(
    'manifest',
    `${manifest.name}, ${manifest.exposes.length} exposed, ${(manifest.shared ?? []).length} shared`,
  );

  // exposes
  const exposed = manifest.exposes.map((e) => e.name);
  const missing = Object.entries(required).filter(([e]) => !exposed.includes(e));
  if (missing.length)
    fail(
      'exposes',
      `${remote} ${version} does not expose ${missing.map(([e, by]) => `${e} (loaded by ${by.join(', ')})`).join(', ')}`,
      `those places would break: release a ${remote} build that exposes them, or keep the current version`,
    );
  else
    pass(
      'exposes',
      Object.entries(required)
        .map(([e, by]) => `${e} (${by.join(', ')})`)
        .join(', ') || 'none required',
    );

  // record
  let pin;
  const record = await findRecord({
    setPin: (value) => (pin = value),
    remote,
    version,
    name,
    app,
    folderUrl,
    localRecordFile,
    pinned,
    opts,
    pass,
    fail,
    warnings,
  });

  // shared
  const requirements = record?.shared ?? sharedRequirements(manifest, undefined, {});
  await checkShared({
    remote,
    version,
    requirements,
    required,
    shellUrl,
    opts,
    pass,
    fail,
    warnings,
  });

  // integrity
  if (!record) skip('integrity');
  else
    await checkIntegrity({
      version,
      app,
      folderUrl,
      manifest,
      bytes: res.bytes,
      record,
      opts,
      concurrency,
      pass,
      fail,
      release,
    });
  if (record && !pin)
    fail(
      'record',
      `${folderUrl}/${RECORD_FILE} is not served: the shell reads it to check every file it runs`,
      `deploy release.json with the version folder (${app}/dist/${version}/${RECORD_FILE})`,
    );
  return done({ record, manifest, pin });
}

async function findRecord({
  setPin,
  remote,
  version,
  name,
  app,
  folderUrl,
  localRecordFile,
  pinned,
  opts,
  pass,
  fail,
  warnings,
}) {
  const servedUrl = `${folderUrl}/${RECORD_FILE}`;
  const served = await get(servedUrl, opts);
  const servedRecord = served.ok ? parseJson(served.bytes).value : undefined;
  // The shell checks the record it fetches against this pin before it runs any of the code.
  if (servedRecord) setPin(sri(served.bytes));
  const local =
    localRecordFile && fs.existsSync(localRecordFile)
      ? parseJson(fs.readFileSync(localRecordFile)).value
      : undefined;
  const localName = localRecordFile && path.relative(process.cwd(), localRecordFile);
  let record;
  let from;
  if (pinned && servedRecord) {
    // A version this site already checked and pinned (a rollback to it): the pin says which
    // build it is. The folder here may be another build under the same version (npm start's,
    // or a deploy profile's own build), which proves nothing about what users ran.
    if (sri(served.bytes) !== pinned) {
      fail(
        'record',
        `${servedUrl} is not the release record remotes.json pins for ${version} (${short(pinned)}): another build was deployed under this version since it was checked`,
        `deploy the ${version} that was pinned again (its folder as released), or release a new version`,
      );
      return servedRecord;
    }
    record = servedRecord;
    from = `${servedUrl} (the record remotes.json pins)`;
    if (local && JSON.stringify(local.integrity) !== JSON.stringify(servedRecord.integrity))
      warnings.push(
        `${localName} here is another build of ${version} than the one deployed and pinned; checked against the pinned record`,
      );
  } else if (local) {
    record = local;
    from = localName || localRecordFile;
    if (
      servedRecord &&
      JSON.stringify(servedRecord.integrity) !== JSON.stringify(record?.integrity)
    ) {
      fail(
        'record',
        `${servedUrl} is not the release record of the ${version} built here (${from}): another build was deployed under this version`,
        `copy ${app}/dist/${version}/ to the host again, or check where the deployed build came from`,
      );
      return record;
    }
  } else if (servedRecord) {
    record = servedRecord;
    from = servedUrl;
    warnings.push(
      `checked against the release record the server itself serves (${servedUrl}); run remote:use where ${app}/dist/${version}/ was released to compare with what was built`,
    );
  }
  if (!record || typeof record !== 'object' || !record.integrity) {
    fail(
      'record',
      `${remote} ${version} has no release record (neither ${localRecordFile ? path.relative(process.cwd(), localRecordFile) : `${app}/dist/${version}/${RECORD_FILE}`} here nor ${servedUrl})`,
      `folders built by \`npm start\`, \`npx webpack\` or before release records have none: release versions with \`npm run remote:release -- ${remote} <version>\`; for a folder you trust as it is, record it with \`npm run remote:release -- ${remote} ${version} --record-only\`; in an emergency, --force skips the preflight`,
    );
    return undefined;
  }
  if (record.remote !== remote || record.name !== name || record.version !== version) {
    fail(
      'record',
      `${from} is the record of ${record.remote} (${record.name}) ${record.version}, not of ${remote} (${name}) ${version}`,
      `the folder was copied or renamed: deploy ${app}/dist/${version}/ as released`,
    );
    return undefined;
  }
  // Browsers are sent the compressed twin where there is one, and the shell checks what it gets
  // against the pin, which is the plain file's: a stale twin would make it refuse the remote.
  for (const encoding of ['gzip', 'br']) {
    const twin = served.ok ? await get(servedUrl, { ...opts, encoding }) : undefined;
    if (twin?.ok && !twin.bytes.equals(served.bytes)) {
      fail(
        'record',
        `${servedUrl} sent ${encoding}-compressed is not the record sent plain: browsers get the compressed one, and the shell would refuse it`,
        `deploy ${app}/dist/${version}/${RECORD_FILE} with its .br and .gz twins as released (remote:release writes them), or delete the stale twins`,
      );
      return record;
    }
  }
  const source = record.source?.localBuild
    ? 'a local build (npm start or start:prod), not a release'
    : `from ${record.source?.commit?.slice(0, 12) ?? 'an unknown commit'}${record.source?.dirty ? ' (uncommitted changes)' : ''}`;
  pass('record', `${from}, released ${record.releasedAt ?? '(date unknown)'} ${source}`);
  return record;
}

async function checkShared({
  remote,
  version,
  requirements,
  required,
  shellUrl,
  opts,
  pass,
  fail,
  warnings,
}) {
  const hosts = [{ label: 'shell', url: `${shellUrl}/${MANIFEST_FILE}`, needed: true }];
  if (Object.values(required).some((by) => by.includes('widget')))
    hosts.push({ label: 'widget', url: `${shellUrl}/widget/${MANIFEST_FILE}`, needed: false });
  // Loaded here, not with the module: webpack configs load mf-config's index too.
  const { satisfy } = require('@module-federation/enhanced/runtime');
  const problems = [];
  const fixes = new Set();
  const seen = [];
  for (const host of hosts) {
    const res = await get(host.url, opts);
    const shellManifest = res.ok ? parseJson(res.bytes).value : undefined;
    if (!Array.isArray(shellManifest?.shared)) {
      const why = res.error
        ? `nothing answers (${res.error})`
        : res.ok
          ? 'it is not a federation manifest'
          : `HTTP ${res.status}`;
      if (!host.needed) {
        warnings.push(`the widget's shared modules were not checked: ${host.url}: ${why}`);
        continue;
      }
      problems.push(`cannot tell what the live shell provides: ${host.url}: ${why}`);
      fixes.add(
        isLocalUrl(shellUrl)
          ? `start the local site with \`npm start\`, or name the live shell with --shell <url> (or JMSWAP_SHELL_URL)`
          : `name the live shell with --shell <url> (or JMSWAP_SHELL_URL); its build serves /${MANIFEST_FILE}`,
      );
      continue;
    }
    const provided = new Map(shellManifest.shared.map((s) => [s.name, s.version]));
    seen.push(`${host.label} ${host.url.replace(`/${MANIFEST_FILE}`, '')}`);
    for (const [pkg, req] of Object.entries(requirements)) {
      const has = provided.get(pkg);
      const range = req.requiredVersion;
      if (!has || !range || range === '*' || satisfy(has, range)) continue;
      const what = `${pkg}: ${remote} ${version} needs ${range}${req.singleton ? ' (singleton' + (req.strictVersion ? ', strictVersion)' : ')') : ''} but the live ${host.label} provides ${has}`;
      if (req.singleton && req.strictVersion) {
        problems.push(`${what}: it would not load (users would see its fallback)`);
        fixes.add(
          `deploy a ${host.label} that provides ${pkg} ${range} first, or release ${remote} built against ${pkg} ${has}`,
        );
      } else if (req.singleton)
        warnings.push(`${what}: it runs on ${has} anyway (the runtime warns)`);
    }
  }
  const needs = Object.entries(requirements)
    .filter(([, r]) => r.singleton)
    .map(([pkg, r]) => `${pkg} ${r.requiredVersion}`)
    .join(', ');
  if (problems.length) fail('shared', problems.join('\n'), [...fixes].join('; '));
  else pass('shared', `${needs || 'no singletons'} satisfied by ${seen.join(' and ')}`);
}

async function checkIntegrity({
  version,
  app,
  folderUrl,
  manifest,
  bytes,
  record,
  opts,
  concurrency,
  pass,
  fail,
  release,
}) {
  const problems = [];
  const expected = record.integrity;
  if (sri(bytes) !== expected[MANIFEST_FILE])
    problems.push(
      `${MANIFEST_FILE}: served ${short(sri(bytes))}, released ${short(expected[MANIFEST_FILE])}`,
    );
  const unrecorded = manifestFiles(manifest).filter((f) => !expected[f]);
  if (unrecorded.length)
    problems.push(`the manifest names files the record has no hash for: ${unrecorded.join(', ')}`);
  const files = Object.keys(expected).filter((f) => f !== MANIFEST_FILE);
  const jobs = files.flatMap((file) => ENCODINGS.map((encoding) => ({ file, encoding })));
  const results = await pool(jobs, concurrency, async ({ file, encoding }) => {
    const url = `${folderUrl}/${file.split('/').map(encodeURIComponent).join('/')}`;
    const r = await get(url, { ...opts, encoding });
    if (r.error) return `${file}: ${r.error}`;
    if (!r.ok) return encoding === 'identity' ? `${file}: HTTP ${r.status}` : undefined;
    // Node's fetch decodes gzip and br: what it hashes is what a browser runs.
    const sent = r.headers.get('content-encoding') || 'identity';
    // No compressed twin (small files): the plain file again, checked already.
    if (encoding !== 'identity' && sent === 'identity') return undefined;
    const hash = sri(r.bytes);
    return hash === expected[file]
      ? undefined
      : `${file} (${sent}): served ${short(hash)}, released ${short(expected[file])}`;
  });
  problems.push(...[...new Set(results.filter(Boolean))]);
  if (problems.length) {
    const shown = problems.slice(0, 12);
    if (problems.length > shown.length)
      shown.push(`... and ${problems.length - shown.length} more`);
    fail(
      'integrity',
      `what ${folderUrl}/ serves is not the released build:\n${shown.join('\n')}`,
      `a partial or altered upload: copy ${app}/dist/${version}/ again (every file, with its .gz/.br twins); if the local folder itself changed, release a new version with \`${release.replace(version, '<new version>')}\``,
    );
  } else
    pass(
      'integrity',
      `${MANIFEST_FILE} and ${files.length} files match the release record (plain, gzip, br)`,
    );
}

/** The report an operator reads: one line per check, then what failed and how to fix it. */
function formatPreflight(result, { remote, version, base }) {
  const lines = [`preflight ${remote} ${version} at ${base}`];
  for (const c of result.checks) {
    const mark = c.status === 'ok' ? 'ok  ' : c.status === 'fail' ? 'FAIL' : '-   ';
    const [first, ...rest] = String(c.detail).split('\n');
    lines.push(`  ${mark}  ${c.id.padEnd(9)}  ${first}`);
    for (const line of rest) lines.push(`                   ${line}`);
    if (c.status === 'fail' && c.fix) lines.push(`                   fix: ${c.fix}`);
  }
  for (const w of result.warnings) lines.push(`  warning: ${w}`);
  lines.push(result.ok ? 'preflight passed' : 'preflight FAILED');
  return lines.join('\n');
}

module.exports = { preflight, formatPreflight, isLocalUrl };
