// REQUIRED_EXPOSES must say what the sources really load: every quoted name of a module another
// app exposes, found in the shell's or a remote's sources, is a run-time load of it
// (RemoteArea/RemotePage expose="...", routeScreen's ['pools', 'PoolsPage'], the swap box's
// loadCharts('MiniChart'), ...). A new load, a removed one or a renamed expose fails here.
const fs = require('node:fs');
const path = require('node:path');
const {
  APPS,
  REMOTE_APPS,
  REQUIRED_EXPOSES,
  appDir,
  distDir,
  remoteApp,
  repoRoot,
} = require('./apps');

/** Exposed module names of a remote, read from its webpack.config.js ('./PoolsPage': ...). */
function exposesOf(app) {
  const source = fs.readFileSync(path.join(repoRoot, APPS[app].dir, 'webpack.config.js'), 'utf8');
  return [...source.matchAll(/['"]\.\/(\w+)['"]\s*:/g)].map((m) => m[1]);
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__tests__')
        out.push(...sourceFiles(file));
    } else if (/\.(ts|tsx|js|jsx)$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) {
      out.push(file);
    }
  }
  return out;
}

/** Who a source file speaks for: "widget", "shell" or the remote app ("mfe-swap"). */
function consumerOf(file) {
  const rel = path.relative(repoRoot, file).split(path.sep);
  if (rel[0] === 'shell') return rel[2] === 'widget' ? 'widget' : 'shell';
  return rel[0];
}

/** remote key -> expose -> sorted consumers, as found in the sources. */
function loadsInSources() {
  const owner = new Map(); // expose name -> remote app
  for (const app of REMOTE_APPS) for (const expose of exposesOf(app)) owner.set(expose, app);
  const found = {};
  const dirs = ['shell', ...REMOTE_APPS].map((app) => path.join(repoRoot, APPS[app].dir, 'src'));
  for (const file of dirs.flatMap(sourceFiles)) {
    const consumer = consumerOf(file);
    const text = fs.readFileSync(file, 'utf8');
    // A tagged template (Lingui's t`Chart`, a translated text) names no module.
    for (const [, name] of text.matchAll(/(?<![\w$])['"`](\w+)['"`]/g)) {
      const app = owner.get(name);
      if (!app || app === consumer) continue;
      const key = APPS[app].remoteKey;
      const consumers = ((found[key] ??= {})[name] ??= []);
      if (!consumers.includes(consumer)) consumers.push(consumer);
    }
  }
  for (const byExpose of Object.values(found))
    for (const consumers of Object.values(byExpose)) consumers.sort();
  return found;
}

describe('REQUIRED_EXPOSES', () => {
  it('lists exactly the modules the shell, the widget and the remotes load from each remote', () => {
    const sorted = Object.fromEntries(
      Object.entries(REQUIRED_EXPOSES).map(([key, byExpose]) => [
        key,
        Object.fromEntries(Object.entries(byExpose).map(([e, c]) => [e, [...c].sort()])),
      ]),
    );
    const found = loadsInSources();
    // The scan must see the loads it is meant to guard (a broken scan would find nothing).
    expect(found.charts?.MiniChart).toEqual(['mfe-swap']);
    expect(found.pools?.PoolsPage).toEqual(['shell']);
    expect(found).toEqual(sorted);
  });

  it('names only modules the remotes expose, each remote under its key', () => {
    expect(Object.keys(REQUIRED_EXPOSES).sort()).toEqual(
      REMOTE_APPS.map((a) => APPS[a].remoteKey).sort(),
    );
    for (const [key, byExpose] of Object.entries(REQUIRED_EXPOSES)) {
      const app = remoteApp(key);
      expect(app).toBe(`mfe-${key}`);
      for (const expose of Object.keys(byExpose)) expect(exposesOf(app)).toContain(expose);
    }
  });
});

describe('distDir', () => {
  const before = process.env.JMSWAP_DIST_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.JMSWAP_DIST_DIR;
    else process.env.JMSWAP_DIST_DIR = before;
  });

  it("is each app's dist/, or the deploy builds' dist-deploy/ when JMSWAP_DIST_DIR says so", () => {
    delete process.env.JMSWAP_DIST_DIR;
    expect(distDir('mfe-pools')).toBe(path.join(appDir('mfe-pools'), 'dist'));
    process.env.JMSWAP_DIST_DIR = 'dist-deploy';
    expect(distDir('mfe-pools')).toBe(path.join(appDir('mfe-pools'), 'dist-deploy'));
  });

  it('refuses a folder that could reach outside the app', () => {
    process.env.JMSWAP_DIST_DIR = '../../etc';
    expect(() => distDir('shell')).toThrow('JMSWAP_DIST_DIR must be dist or dist-<name>');
  });
});
