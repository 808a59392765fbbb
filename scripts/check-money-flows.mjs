// Fails when an e2e test clicks a button that sends money (SWAP, SUPPLY, REMOVE LIQUIDITY, Revoke,
// Confirm revoke, Speed up, Cancel) and never checks on chain what landed (`expectLanded` or
// `expectNothingMoved`, e2e/fixtures/landed.ts), or when a spec focuses a test (`.only`), or
// when a spec of the page lane (`PAGES` in e2e/playwright.config.ts, run beside the trading specs)
// clicks one at all: its trade would move the pools the trading tests compare to the base unit.
//
// Each `test(...)`'s body is read with the functions of its file it calls, transitively: a helper
// that clicks SWAP counts as a click, a helper that calls expectLanded as a check. A click on
// another button of the same name (a dialog's "Cancel") says so with a `// not a money flow: ...`
// comment on its line or the line above.
//
// node scripts/check-money-flows.mjs [spec files...] (default: e2e/specs/*.e2e.ts)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const MONEY = [
  'SWAP',
  'SUPPLY',
  'REMOVE LIQUIDITY',
  'Revoke',
  'Confirm revoke',
  'Speed up',
  'Cancel',
];
const CLICKS = new Set(['click', 'tap', 'dblclick']);
const CHECKS = new Set(['expectLanded', 'expectNothingMoved']);
const EXEMPT = /\/\/\s*not a money flow\b/;

/** The `name` of a getByRole('button', { name }) call, when it names a money button. */
function namesMoneyButton(call) {
  if (!ts.isPropertyAccessExpression(call.expression)) return false;
  if (call.expression.name.text !== 'getByRole') return false;
  const [role, options] = call.arguments;
  if (!role || !ts.isStringLiteralLike(role) || role.text !== 'button') return false;
  if (!options || !ts.isObjectLiteralExpression(options)) return false;
  const name = options.properties.find(
    (p) => ts.isPropertyAssignment(p) && p.name.getText() === 'name',
  )?.initializer;
  if (!name) return false;
  if (ts.isStringLiteralLike(name)) return MONEY.includes(name.text);
  if (ts.isRegularExpressionLiteral(name)) {
    const [, body, flags] = /^\/(.*)\/(\w*)$/s.exec(name.text) ?? [];
    const re = new RegExp(body, flags);
    return MONEY.some((m) => re.test(m));
  }
  return false;
}

/** The spec names of `PAGES` in the e2e config: the lane that must send nothing. */
export function pageLaneSpecs(config) {
  const list = /const PAGES = \[([^\]]*)\]/.exec(config)?.[1];
  if (list === undefined) throw new Error('no PAGES list in the e2e config');
  return new Set([...list.matchAll(/'([^']+)'/g)].map((m) => m[1]));
}

export function checkSpec(
  file,
  source = readFileSync(file, 'utf8'),
  { sendsNothing = false } = {},
) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  const problems = [];
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;

  // Every named function or variable of the file (helpers, locators, local consts), by name.
  const decls = new Map();
  const collect = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name) decls.set(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      decls.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  const memo = (fn) => {
    const cache = new Map();
    return (node) => {
      if (cache.has(node)) return cache.get(node);
      cache.set(node, false); // a cycle counts as nothing found
      const value = fn(node);
      cache.set(node, value);
      return value;
    };
  };
  /** Identifiers a node refers to that name a declaration of the file. */
  const referenced = (node) => {
    const out = [];
    const walk = (n) => {
      if (ts.isIdentifier(n) && decls.has(n.text) && decls.get(n.text) !== node) out.push(n);
      ts.forEachChild(n, walk);
    };
    walk(node);
    return out;
  };
  /** The node is (or builds) a locator of a money button. */
  const locatesMoney = memo((node) => {
    let found = false;
    const walk = (n) => {
      if (found) return;
      if (ts.isCallExpression(n) && namesMoneyButton(n)) found = true;
      else ts.forEachChild(n, walk);
    };
    walk(node);
    return found || referenced(node).some((id) => locatesMoney(decls.get(id.text)));
  });
  /** The node clicks a money button (itself or through a helper it calls). */
  const clicksMoney = memo((node) => {
    let found = false;
    const walk = (n) => {
      if (found) return;
      if (
        ts.isCallExpression(n) &&
        ts.isPropertyAccessExpression(n.expression) &&
        CLICKS.has(n.expression.name.text) &&
        locatesMoney(n.expression.expression)
      ) {
        const line = lineOf(n);
        if (!EXEMPT.test(lines[line] ?? '') && !EXEMPT.test(lines[line - 1] ?? '')) found = true;
      }
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        const callee = decls.get(n.expression.text);
        if (callee && callee !== node && clicksMoney(callee)) found = true;
      }
      if (!found) ts.forEachChild(n, walk);
    };
    walk(node);
    return found;
  });
  /** The node checks on chain what landed (itself or through a helper it calls). */
  const checksLanded = memo((node) => {
    let found = false;
    const walk = (n) => {
      if (found) return;
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        if (CHECKS.has(n.expression.text)) found = true;
        const callee = decls.get(n.expression.text);
        if (callee && callee !== node && checksLanded(callee)) found = true;
      }
      if (!found) ts.forEachChild(n, walk);
    };
    walk(node);
    return found;
  });

  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if (/^test(\.describe)?(\.serial|\.parallel)?\.only$/.test(callee))
        problems.push(`${file}:${lineOf(node) + 1}: ${callee} focuses a test`);
      if (/^test(\.(fixme|slow|fail))?$/.test(callee)) {
        const [title, ...rest] = node.arguments;
        const body = rest.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
        const name = title && ts.isStringLiteralLike(title) ? title.text : title?.getText(sf);
        if (title && body && clicksMoney(body) && !checksLanded(body)) {
          problems.push(
            `${file}:${lineOf(node) + 1}: "${name}" clicks a button that sends money and never ` +
              'calls expectLanded (or expectNothingMoved)',
          );
        }
        if (sendsNothing && title && body && clicksMoney(body))
          problems.push(
            `${file}:${lineOf(node) + 1}: "${name}" sends money from a spec of the page lane, ` +
              'which runs beside the trading specs: move it to a trading spec',
          );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const specsDir = path.join(root, 'e2e/specs');
  const files = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(specsDir)
        .filter((f) => f.endsWith('.e2e.ts'))
        .map((f) => path.join(specsDir, f));
  const pages = pageLaneSpecs(readFileSync(path.join(root, 'e2e/playwright.config.ts'), 'utf8'));
  const problems = files.flatMap((f) =>
    checkSpec(path.relative(root, path.resolve(f)), undefined, {
      sendsNothing: pages.has(path.basename(f, '.e2e.ts')),
    }),
  );
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(
      `\n${problems.length} problem(s): end every money flow with expectLanded (e2e/README.md).`,
    );
    process.exit(1);
  }
  console.log(`money flows: ${files.length} specs, every money button checked on chain`);
}
