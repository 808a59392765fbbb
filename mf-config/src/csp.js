// The Content-Security-Policy of every page jmswap-serve sends, derived from the deployment's
// own config (remotes.json, networks.json, widget.json) and from the page's html: nothing here
// is written per environment. Pure: the server (csp-source.js) reads the files and the pages.
const { createHash } = require('node:crypto');
const { parseRemotesFile } = require('./remotes-validate');

/**
 * The hosts WalletConnect's EthereumProvider (2.x, with its QR modal, Reown AppKit) contacts,
 * as found in the installed @walletconnect/* and @reown/appkit-* bundles. Only pages where
 * WalletConnect is in use get them (see `walletConnect` below).
 */
const WALLETCONNECT = {
  connect: [
    'wss://relay.walletconnect.org', // the relay: sessions and every wallet request
    'https://verify.walletconnect.org', // Verify API (the page's attestation, public key)
    'https://verify.walletconnect.com', // Verify's fallback host
    'https://rpc.walletconnect.org', // the blockchain API (identity, default RPCs)
    'https://pulse.walletconnect.org', // the modal's event telemetry
    'https://api.web3modal.org', // the modal's wallet explorer (wallet list, images, config)
  ],
  // Verify runs in a hidden iframe on the page.
  frame: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
  // Wallet logos: fetched from the explorer, shown as blob: urls.
  img: ['https://api.web3modal.org', 'blob:'],
  font: ['https://fonts.reown.com'],
};

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
 * Where the shell loads remote code from: the origins of remotes.json's `allowedOrigins`. The
 * shell refuses any remote whose base is elsewhere (remotes-validate.js), and every remote when
 * the list is missing, so a base off the list adds nothing here either.
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

/**
 * The inline scripts of an html page: their CSP hashes ('sha256-...', quoted) and whether one
 * of them sets the WalletConnect project id (`JMSWAP_WALLETCONNECT_PROJECT_ID`, the one way a
 * page hands it to shared-chain: adapters/evm/helpers.ts).
 */
function inlineScripts(html) {
  const hashes = [];
  let walletConnect = false;
  for (const [, attrs, body] of String(html).matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const text = body.replace(/\r\n?/g, '\n');
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
    if (/JMSWAP_WALLETCONNECT_PROJECT_ID\s*=\s*(["'`])[^"'`\s]+\1/.test(text)) walletConnect = true;
  }
  return { hashes, walletConnect };
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
 * - `walletConnect`: the page uses WalletConnect (its hosts are allowed);
 * - `widget`: the widget page (partners' https background images).
 */
function buildCsp({
  remotesFile,
  networks,
  inlineScriptHashes = [],
  inlineStyleHashes = [],
  reportUri,
  reportTo = true,
  frameAncestors = [],
  walletConnect = false,
  widget = false,
} = {}) {
  const remotes = remoteOrigins(remotesFile);
  const hashes = inlineScriptHashes.filter((h) => HASH.test(h)).map(quoted);
  const styleHashes = inlineStyleHashes.filter((h) => HASH.test(h)).map(quoted);
  const wc = (kind) => (walletConnect ? WALLETCONNECT[kind] : []);
  const ancestors = unique(frameAncestors.map((o) => originOf(o)).filter(Boolean));
  const report = reportUri && originOf(reportUri) && !/[\s;,"]/.test(reportUri) ? reportUri : '';
  const directives = [
    ['default-src', ["'self'"]],
    // Remote entries and chunks come from the remotes' hosts; the shell's head script is
    // allowed by its hash. No 'unsafe-inline', no 'unsafe-eval': nothing the site runs
    // evaluates strings (see the README).
    ['script-src', ["'self'", ...remotes, ...hashes]],
    // Stylesheets from the site and the remotes' hosts (production builds extract every app's
    // CSS to files; sonner's is imported as one), inline <style> elements only by their hash
    // (a remote's standalone page): an injected <style> could read the page with attribute
    // selectors and url()s. Style attributes are allowed apart (style-src-attr): Highcharts
    // writes some with setAttribute (labels, tooltips), and an attribute has no selector, so it
    // can restyle its own element only. `style-src` is what a browser without the -elem/-attr
    // split (CSP 2) applies: there Highcharts' attributes are refused, the chart still draws.
    ['style-src', ["'self'", ...remotes, ...styleHashes]],
    // WalletConnect's modal (Reown AppKit) writes its theme as <style> elements built at run
    // time (no hash can name them): only pages where it is in use allow inline elements, and a
    // hash beside 'unsafe-inline' would cancel it.
    [
      'style-src-elem',
      walletConnect
        ? ["'self'", ...remotes, "'unsafe-inline'"]
        : ["'self'", ...remotes, ...styleHashes],
    ],
    ['style-src-attr', ["'unsafe-inline'"]],
    // Token logos (/assets/currency, or a logoURI elsewhere), data: urls; on the widget any
    // https image, the partner's backgroundImage option (https only, widget/options.ts).
    [
      'img-src',
      ["'self'", 'data:', ...logoOrigins(networks), ...(widget ? ['https:'] : []), ...wc('img')],
    ],
    ['font-src', ["'self'", ...wc('font')]],
    // Chain nodes, the product API, the remotes (mf-manifest.json and release.json are
    // fetched, their scripts checked), WalletConnect when in use.
    [
      'connect-src',
      [
        "'self'",
        ...nodeOrigins(networks),
        ...apiOrigins(networks),
        ...(report ? [originOf(report)] : []),
        ...remotes,
        ...wc('connect'),
      ],
    ],
    ['frame-src', walletConnect ? WALLETCONNECT.frame : ["'none'"]],
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
  parseCsp,
  inlineScripts,
  inlineStyles,
  reportUriFor,
  reportingEndpoints,
  reportingApiFor,
  WALLETCONNECT,
  REPORT_GROUP,
};
