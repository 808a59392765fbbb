// The Content-Security-Policy of every page jmswap-serve sends, derived from the deployment's
// own config (remotes.json, networks.json, widget.json) and from the page's html: nothing here
// is written per environment. Pure: the server (csp-source.js) reads the files and the pages.
const { createHash } = require('node:crypto');
const { parseRemotesFile, pinnedFolders } = require('./remotes-validate');

/** Where the browser sends its violation reports (`report-to jmswap`). */
const REPORT_GROUP = 'jmswap';

// A source expression never holds a space, ";" or ",": a config value cannot add a directive.
const ORIGIN =
  /^(https?|wss?):\/\/[A-Za-z0-9.-]+(:\d+)?$|^(https?|wss?):\/\/\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/** The origin of `url` when its scheme is one of `schemes` ("https:", ...), else undefined. */
function originOf(url, schemes = ['http:', 'https:']) {
  if (typeof url !== 'string' || url === '') return undefined;
  try {
    const parsed = new URL(url);
    if (!schemes.includes(parsed.protocol)) return undefined;
    // URL gives ws(s) urls the origin "null"; build it from the parts instead.
    const origin = `${parsed.protocol}//${parsed.host}`;
    return ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the shell fetches remotes' manifests and release records from: the origins of
 * remotes.json's `allowedOrigins`. The shell refuses any remote whose base is elsewhere
 * (remotes-validate.js), and every remote when the list is missing, so a base off the list adds
 * nothing here either. What it fetches is checked against the pins before anything runs.
 */
function remoteOrigins(remotesFile) {
  let parsed;
  try {
    parsed = parseRemotesFile(remotesFile);
  } catch {
    return []; // no "remotes" object: the shell loads no remote
  }
  return parsed.allowedOrigins.map((o) => originOf(o)).filter(Boolean);
}

// A folder as a source expression with a path part (CSP 3, host-source): a canonical http(s)
// url ending in "/", which matches every file under it. No ";", ",", quote or space.
const FOLDER =
  /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d+)?(\/[A-Za-z0-9._~%+=@!-]+)*\/$/;

/**
 * Where the shell runs remote code from: the pinned version folders of remotes.json's valid
 * remotes (`https://cdn.example/pools/1.0.0/`), never a whole origin, so a host that serves
 * other files beside a released folder (a forged manifest's entry, an old unreleased build)
 * cannot have them run. The same rule as the shell's (remotes-validate.js's pinnedFolders):
 * a remote off allowedOrigins, or whose base is not canonical, adds nothing.
 */
function remoteFolders(remotesFile) {
  let parsed;
  try {
    parsed = parseRemotesFile(remotesFile);
  } catch {
    return [];
  }
  return Object.values(parsed.remotes)
    .flatMap((entry) => pinnedFolders(entry))
    .filter((folder) => FOLDER.test(folder));
}

/** networks.json's networks, as a list (an absent or broken file: none). */
const networkList = (networks) =>
  networks && typeof networks.networks === 'object' && networks.networks
    ? Object.values(networks.networks).filter((n) => n && typeof n === 'object')
    : [];

/**
 * The chain nodes pages talk to: each network's nodeUrl and nodeUrls (the browser's readers and
 * the TRON dev wallet send http(s) requests; so does TronLink's injected TronWeb, to the node
 * the user picked in TronLink, which on the shipped profiles is the one listed here). An EVM
 * node listed as ws(s) is kept too, for a reader over WebSocket (shared-chain's
 * nodeUrlProblem leaves such nodes out today).
 */
function nodeOrigins(networks) {
  const origins = [];
  for (const network of networkList(networks)) {
    const schemes =
      network.platform === 'evm' ? ['http:', 'https:', 'ws:', 'wss:'] : ['http:', 'https:'];
    const urls = [network.nodeUrl, ...(Array.isArray(network.nodeUrls) ? network.nodeUrls : [])];
    origins.push(...urls.map((u) => originOf(u, schemes)));
  }
  return origins.filter(Boolean);
}

/** Each network's product API (history, info, listing, client reports). */
const apiOrigins = (networks) =>
  networkList(networks)
    .map((n) => originOf(n.api?.url))
    .filter(Boolean);

/**
 * The origin of the third-party analytics script site.json names (`analytics.provider`
 * "script"): https, or http on this machine (a local stack), as the shell accepts it
 * (shell/src/services/site.ts). Undefined for every other setting: nothing is added.
 */
function analyticsScriptOrigin(site) {
  const analytics = site && typeof site === 'object' ? site.analytics : undefined;
  if (!analytics || analytics.provider !== 'script') return undefined;
  const origin = originOf(analytics.scriptUrl);
  if (!origin) return undefined;
  const { protocol, hostname } = new URL(origin);
  return protocol === 'https:' || LOOPBACK.test(hostname) ? origin : undefined;
}

/**
 * The mobile wallet's relay (networks.json `walletConnect.relayUrl`), the one host WalletConnect
 * talks to: the page draws its own QR dialog and keeps the SDK's telemetry and Verify off
 * (shared-chain/src/adapters/evm/walletconnect.ts). wss://, or ws:// on this machine, as
 * shared-chain takes it; none without a project id.
 */
function relayOrigins(networks) {
  const wc = networks?.walletConnect;
  if (!wc || typeof wc.projectId !== 'string' || wc.projectId === '') return [];
  const origin = originOf(wc.relayUrl, ['wss:', 'ws:']);
  if (!origin) return [];
  return origin.startsWith('wss:') || LOOPBACK.test(new URL(wc.relayUrl).hostname) ? [origin] : [];
}

/** Token logos served from another host (the shipped ones are /assets/currency/*, 'self'). */
function logoOrigins(networks) {
  const origins = [];
  for (const network of networkList(networks)) {
    const tokens = network.tokens && typeof network.tokens === 'object' ? network.tokens : {};
    for (const token of Object.values(tokens)) origins.push(originOf(token?.logoURI));
  }
  return origins.filter(Boolean);
}

/**
 * Where the networks' token lists (networks.json `tokenLists`) are fetched from: the list is
 * fetched there, and its tokens' logos are shown when they are on the list's own host
 * (shared-chain keeps no other logo of a list: the letter badge instead of a refused image).
 * https only (http on this machine); a list under the site is 'self'.
 */
function tokenListOrigins(networks) {
  const origins = [];
  for (const network of networkList(networks)) {
    const lists = Array.isArray(network.tokenLists) ? network.tokenLists : [];
    for (const list of lists) {
      const origin = originOf(list?.url);
      if (origin && (origin.startsWith('https:') || LOOPBACK.test(new URL(origin).hostname)))
        origins.push(origin);
    }
  }
  return origins;
}

/**
 * The url CSP violations are reported to: the default network's api (TRON's, else the first
 * network's; the same rule as the shell's own reports, shell/src/remotes/report.ts) +
 * /v1/client-report. Undefined when that network has no http(s) api url (the production file
 * as shipped): the policy then names no report endpoint.
 */
function reportUriFor(networks) {
  const list = networks?.networks && typeof networks.networks === 'object' ? networks.networks : {};
  const network = list.TRON ?? Object.values(list)[0];
  const api = network?.api?.url;
  if (!originOf(api)) return undefined;
  return `${api.replace(/\/+$/, '')}/v1/client-report`;
}

/** The `Reporting-Endpoints` header value that names `report-to`'s group, or undefined. */
const reportingEndpoints = (reportUri) =>
  reportUri ? `${REPORT_GROUP}="${reportUri}"` : undefined;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether a page may name its report endpoint for the Reporting API (`report-to`). Chromium
 * takes a Reporting-Endpoints header only from a page served over https, and then sends
 * nothing to report-uri: on an http page (the local stack, e2e) `report-to` would silence
 * every report. The endpoint itself must be https too (or this machine).
 */
function reportingApiFor(reportUri, pageIsHttps) {
  if (!pageIsHttps || !reportUri) return false;
  try {
    const url = new URL(reportUri);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  } catch {
    return false;
  }
}

/** `<script>` elements without src: the browser hashes their text, the parser's newlines. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP hashes ('sha256-...', quoted) of an html page's inline scripts. */
function inlineScripts(html) {
  const hashes = [];
  for (const [, attrs, body] of String(html).matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const text = body.replace(/\r\n?/g, '\n');
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { hashes };
}

/** `<style>` elements: the browser hashes their text as it is in the page. */
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The CSP hashes of a page's inline <style> elements (a remote's standalone page carries the
 * design tokens in one); the site's own pages have none.
 */
function inlineStyles(html) {
  const hashes = [];
  for (const [, body] of String(html).matchAll(INLINE_STYLE)) {
    const text = body.replace(/\r\n?/g, '\n');
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

const HASH = /^'?(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}'?$/;
const quoted = (hash) => `'${hash.replace(/^'|'$/g, '')}'`;
const unique = (list) => [...new Set(list)];

/**
 * The Content-Security-Policy header value:
 * - `remotesFile`: parsed remotes.json; `networks`: parsed networks.json;
 * - `inlineScriptHashes`: the page's inline scripts (`inlineScripts(html).hashes`);
 * - `inlineStyleHashes`: the page's inline <style> elements (`inlineStyles(html)`);
 * - `reportUri`: where violations go (`reportUriFor(networks)`), none when undefined;
 * - `reportTo`: name it for the Reporting API too (`report-to`, with the Reporting-Endpoints
 *   header); only for a page served over https (see reportingApiFor);
 * - `frameAncestors`: the origins that may frame the page ('none' when empty);
 * - `widget`: the widget page (partners' https background images);
 * - `site`: parsed site.json: its analytics script's origin is allowed to load and to send.
 */
function buildCsp({
  remotesFile,
  networks,
  inlineScriptHashes = [],
  inlineStyleHashes = [],
  reportUri,
  reportTo = true,
  frameAncestors = [],
  widget = false,
  site,
} = {}) {
  const remotes = remoteOrigins(remotesFile);
  const analytics = analyticsScriptOrigin(site);
  const analyticsSources = analytics ? [analytics] : [];
  const folders = remoteFolders(remotesFile);
  const hashes = inlineScriptHashes.filter((h) => HASH.test(h)).map(quoted);
  const styleHashes = inlineStyleHashes.filter((h) => HASH.test(h)).map(quoted);
  const ancestors = unique(frameAncestors.map((o) => originOf(o)).filter(Boolean));
  const report = reportUri && originOf(reportUri) && !/[\s;,"]/.test(reportUri) ? reportUri : '';
  const directives = [
    ['default-src', ["'self'"]],
    // Remote entries and chunks come from the remotes' pinned version folders; the shell's
    // head script is allowed by its hash. No 'unsafe-inline', no 'unsafe-eval': nothing the
    // site runs evaluates strings (see the README). A third-party analytics script named in
    // site.json is allowed from its origin.
    ['script-src', ["'self'", ...folders, ...analyticsSources, ...hashes]],
    // Stylesheets from the site and the remotes' version folders (production builds extract
    // every app's CSS to files; sonner's is imported as one), inline <style> elements only by
    // their hash (a remote's standalone page): an injected <style> could read the page with
    // attribute selectors and url()s. Style attributes are allowed apart (style-src-attr): Highcharts
    // writes some with setAttribute (labels, tooltips), and an attribute has no selector, so it
    // can restyle its own element only. `style-src` is what a browser without the -elem/-attr
    // split (CSP 2) applies: there Highcharts' attributes are refused, the chart still draws.
    ['style-src', ["'self'", ...folders, ...styleHashes]],
    // The same for elements (the mobile wallet's QR dialog is the site's own, styled by its
    // stylesheet: no page allows an injected <style>).
    ['style-src-elem', ["'self'", ...folders, ...styleHashes]],
    ['style-src-attr', ["'unsafe-inline'"]],
    // Token logos (/assets/currency, or a logoURI elsewhere), data: urls; on the widget any
    // https image, the partner's backgroundImage option (https only, widget/options.ts).
    [
      'img-src',
      [
        "'self'",
        'data:',
        ...logoOrigins(networks),
        ...tokenListOrigins(networks),
        ...(widget ? ['https:'] : []),
      ],
    ],
    ['font-src', ["'self'"]],
    // Chain nodes, the product API, the remotes (mf-manifest.json and release.json are
    // fetched, their scripts checked), the token lists' hosts, the mobile wallet's relay when
    // configured.
    [
      'connect-src',
      [
        "'self'",
        ...nodeOrigins(networks),
        ...apiOrigins(networks),
        ...(report ? [originOf(report)] : []),
        ...remotes,
        ...tokenListOrigins(networks),
        ...relayOrigins(networks),
        // a third-party analytics script sends its events to its own origin
        ...analyticsSources,
      ],
    ],
    ['frame-src', ["'none'"]],
    // Nothing starts a worker.
    ['worker-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ancestors.length ? ancestors : ["'none'"]],
    ...(report ? [['report-uri', [report]]] : []),
    ...(report && reportTo ? [['report-to', [REPORT_GROUP]]] : []),
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/** A header value's directives: name -> its sources (for tests and debugging). */
function parseCsp(header) {
  const out = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    const key = name?.toLowerCase();
    if (key && !(key in out)) out[key] = sources;
  }
  return out;
}

module.exports = {
  buildCsp,
  analyticsScriptOrigin,
  parseCsp,
  inlineScripts,
  inlineStyles,
  reportUriFor,
  reportingEndpoints,
  reportingApiFor,
  relayOrigins,
  REPORT_GROUP,
};
