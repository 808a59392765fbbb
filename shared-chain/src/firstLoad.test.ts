/**
 * shared-chain is one Module Federation singleton: everything its entry reaches through static
 * imports is in the first load of every page, /listing and /info included. The chain libraries
 * and the generated ABIs belong in the chunks a wallet action loads (`import()`), so this walks
 * the static import graph of the entry with the TypeScript parser and fails when it reaches them.
 * Type-only imports are skipped (the compiler erases them); a value import is followed even when
 * the compiler might elide it, so the walk errs on the strict side.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = __dirname;
const FORBIDDEN_PACKAGES = [/^ethers(\/|$)/, /^tronweb(\/|$)/, /^@walletconnect\//];
const FORBIDDEN_FILES = [/abis\.generated\.ts$/];

interface Graph {
  /** Source files reached, relative to src/. */
  files: Set<string>;
  /** Package import -> the first file that imports it. */
  packages: Map<string, string>;
  /** Child -> parent, to print how a forbidden module is reached. */
  parent: Map<string, string>;
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (/\.(tsx?|json|css)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The module specifiers a file loads at evaluation time (no `import type`, no `import()`). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.isTypeOnly) continue;
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly))
        continue;
      out.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

function walk(entry: string): Graph {
  const graph: Graph = { files: new Set(), packages: new Map(), parent: new Map() };
  const queue = [entry];
  graph.files.add(relative(SRC, entry));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (/\.(json|css)$/.test(file)) continue;
    for (const spec of staticImports(file)) {
      if (!spec.startsWith('.')) {
        if (!graph.packages.has(spec)) graph.packages.set(spec, relative(SRC, file));
        continue;
      }
      const target = resolveLocal(file, spec);
      if (target === undefined) throw new Error(`${file}: cannot resolve ${spec}`);
      const key = relative(SRC, target);
      if (graph.files.has(key)) continue;
      graph.files.add(key);
      graph.parent.set(key, relative(SRC, file));
      queue.push(target);
    }
  }
  return graph;
}

/** "index.ts -> services/index.ts -> ..." for a reached file. */
function chain(graph: Graph, file: string): string {
  const steps = [file];
  for (let at = graph.parent.get(file); at !== undefined; at = graph.parent.get(at))
    steps.unshift(at);
  return steps.join(' -> ');
}

function violations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [pkg, by] of graph.packages) {
    if (FORBIDDEN_PACKAGES.some((re) => re.test(pkg))) found.push(`${pkg} via ${chain(graph, by)}`);
  }
  for (const file of graph.files) {
    if (FORBIDDEN_FILES.some((re) => re.test(file))) found.push(chain(graph, file));
  }
  return found;
}

describe("shared-chain's first load", () => {
  const graph = walk(join(SRC, 'index.ts'));

  it('reaches no chain library, no WalletConnect and no generated ABIs from the entry', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('loads the readers, the ABI codec and its hashes with the first chain read, not before', () => {
    const reads = [/^adapters\/(evm|tron)\/reader\.ts$/, /^abi\//];
    expect([...graph.files].filter((f) => reads.some((re) => re.test(f)))).toEqual([]);
    expect([...graph.packages.keys()].filter((p) => /^@(noble|scure)\//.test(p))).toEqual([]);
    expect(graph.files).toContain(join('services', 'platform.ts'));
  });

  it('loads the token picker, its virtualised list, token lists and address checks where they are used', () => {
    const later = [
      /^react\/TokenPicker\/TokenPicker\.tsx$/,
      /^config\/(tokenChecks|tokenIdentity|tokenKeys)\.ts$/,
      /^config\/tokenListValidator/,
      /^services\/(tokenImport|tokenInspection|tokenLists)\.ts$/,
      /^core\/tokenProbe\.ts$/,
    ];
    expect([...graph.files].filter((f) => later.some((re) => re.test(f)))).toEqual([]);
    expect(
      [...graph.packages.keys()].filter((p) => /^(@tanstack\/|ajv|@uniswap\/)/.test(p)),
    ).toEqual([]);
    // ... and the picker's own graph does reach them (the walk would see them).
    const picker = walk(join(SRC, 'react', 'TokenPicker', 'TokenPicker.tsx'));
    expect(picker.packages.has('@tanstack/react-virtual')).toBe(true);
    expect(picker.files).toContain(join('config', 'tokenIdentity.ts'));
  });

  it('would notice: the wallet adapters, loaded on a wallet action, do reach them', () => {
    const evm = violations(walk(join(SRC, 'adapters', 'evm', 'index.ts')));
    expect(evm.some((v) => v.startsWith('ethers'))).toBe(true);
    expect(evm.some((v) => v.includes('abis.generated.ts'))).toBe(true);
    const tron = violations(walk(join(SRC, 'adapters', 'tron', 'index.ts')));
    expect(tron.some((v) => v.startsWith('tronweb'))).toBe(true);
    // An EVM page's reader does no TRON hashing (base58check), which it would through the
    // token keys of both platforms.
    const evmReader = walk(join(SRC, 'adapters', 'evm', 'reader.ts'));
    expect([...evmReader.packages.keys()].filter((p) => p.startsWith('@scure/'))).toEqual([]);
    expect(evmReader.files).not.toContain(join('adapters', 'tron', 'address.ts'));
    // ... and the light readers stay light (no chain library even when they load).
    expect(violations(walk(join(SRC, 'adapters', 'evm', 'reader.ts')))).toEqual([]);
    expect(violations(walk(join(SRC, 'adapters', 'tron', 'reader.ts')))).toEqual([]);
  });
});

describe('feature entries (@jmswap/shared-chain/swap, /liquidity, /history, /wallet-help, /tokens)', () => {
  const FEATURES = ['swap.ts', 'liquidity.ts', 'history.ts', 'walletHelp.ts', 'tokens.ts'];
  // Modules with state or identity: a second copy inside a remote would be a second wallet
  // session or a second reader cache.
  const SINGLETON_ONLY = [
    /^bus\//,
    /^config\/registry\.ts$/,
    /^services\/(wallet|platform|settings|reads|tokens)\.ts$/,
    /^adapters\/evm\/helpers\.ts$/,
    /^adapters\/widget\//,
    // React code shares contexts and caches with the page; SendProgress.tsx (the send popup the
    // swap and liquidity screens open), Modal.tsx (its dialog), usd.ts (the dollar lines' hook),
    // landed.ts (reads again after a landing) and linkSymbols.ts (a link's unknown symbols
    // cleared) hold nothing at module level: a copy is bytes (usd.ts's price cache, in api/, is
    // one per remote: a read a minute).
    /^react\/(?!(SendProgress\.tsx|Modal\.tsx|usd\.ts|landed\.ts|linkSymbols\.ts)$)/,
  ];

  // Pure code the feature code shares with the first load, by relative path: a copy
  // in a remote is bytes, not a second state. errors.ts and i18n/setup.ts keep one identity
  // across copies (their tests show it).
  const COPIED = [
    /^config\/types\.ts$/,
    /^core\/(constants|tax|amounts|errors|tokenText)\.ts$/,
    /^config\/tokenKeys\.ts$/,
    /^i18n\/(setup|english|languages|compileEnglish)\.ts$/,
    // The send popup's dialog, also the shell's: a remote keeps its own copy, so it needs no
    // newer shell than the one it was built against.
    /^react\/Modal\.tsx$/,
    // When this browser's trades landed: kept in localStorage and told by a page event, so the
    // writer's copy and each remote's api clients read the same times.
    /^api\/(landed|noteLanded)\.ts$/,
  ];

  it('are not in the first load of every page', () => {
    const firstLoad = walk(join(SRC, 'index.ts'));
    for (const feature of FEATURES) {
      const own = [...walk(join(SRC, feature)).files].filter((f) => f !== feature);
      expect(own.filter((f) => firstLoad.files.has(f) && !COPIED.some((re) => re.test(f)))).toEqual(
        [],
      );
    }
  });

  it('take everything with state or identity from the singleton, never a copy of their own', () => {
    for (const feature of FEATURES) {
      const graph = walk(join(SRC, feature));
      expect([...graph.files].filter((f) => SINGLETON_ONLY.some((re) => re.test(f)))).toEqual([]);
      expect(violations(graph)).toEqual([]);
    }
  });
});
