/**
 * A fake TronLink for browser tests: makes a page look like it has the TronLink extension installed,
 * with a real TronWeb (tronweb's own browser bundle) that signs with a dev key against the devnode.
 *
 * Playwright:
 *   await injectTronLink(page, { fullHost: 'http://127.0.0.1:8090', privateKey: KEY });
 *   await page.goto(...);
 *   await page.evaluate(() => window.__tronLinkMock.rejectNext('sign'));   // next signature -> 4001
 *
 * In the page (what TronLink provides):
 *   window.tronLink = { ready, isTronLink: true, request({method}), tronWeb }
 *     request({method:'tron_requestAccounts'}) -> {code:200, message:'...'} | {code:4001, message:'User rejected the request.'} | '' (locked)
 *   window.tronWeb  = a TronWeb instance: defaultAddress {hex, base58}, ready; trx.sign signs with the dev key
 *   window.postMessage({message:{action:'setAccount'|'accountsChanged'|'setNode'|'connect'|'disconnect', data}, isTronLink:true})
 *   window 'tronLink#initialized' event once injected
 *
 * Test controls (window.__tronLinkMock):
 *   rejectNext('request'|'sign'), rejectRequests(bool), rejectSigning(bool), lock(), unlock(),
 *   disconnect(), switchAccount(privateKey), switchNode(fullHost), calls (log of requests and signs)
 * A rejected signature throws an Error with message 'Confirmation declined by user' and code 4001
 * (TronLink itself rejects with that string).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface TronLinkOptions {
  /** Devnode url (tronweb fullHost), e.g. http://127.0.0.1:8090. */
  fullHost: string;
  /** Dev account private key (hex, with or without 0x). */
  privateKey: string;
  /** Already connected (site whitelisted): ready true and defaultAddress set from the start. Default true. */
  connected?: boolean;
  /** Start with every tron_requestAccounts rejected (code 4001). */
  rejectRequests?: boolean;
  /** Start with every signature rejected (code 4001). */
  rejectSigning?: boolean;
  /** Start locked: tron_requestAccounts answers '' as TronLink does when locked. */
  locked?: boolean;
  /** Wallet name reported in tronLink (default 'TronLink (devnet)'). */
  name?: string;
}

/** Anything with Playwright's Page.addInitScript (no Playwright dependency here). */
export interface InitScriptTarget {
  addInitScript(script: { content: string } | string): Promise<unknown>;
}

let bundleCache: string | undefined;

/** tronweb's browser bundle (node_modules/tronweb/dist/TronWeb.js). */
export function tronWebBrowserBundle(): string {
  if (bundleCache) return bundleCache;
  const entry = require.resolve('tronweb');
  let dir = path.dirname(entry);
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'dist', 'TronWeb.js');
    if (fs.existsSync(candidate)) {
      bundleCache = fs.readFileSync(candidate, 'utf8');
      return bundleCache;
    }
    dir = path.dirname(dir);
  }
  throw new Error('tronweb browser bundle (dist/TronWeb.js) not found');
}

/** The page-side part, run after the bundle defined __tronwebBundle. Kept as plain ES2017 for any browser. */
function pageScript(opts: Required<Omit<TronLinkOptions, 'name'>> & { name: string }): string {
  return `
(function () {
  var g = window;
  if (g.__tronLinkMock) return;
  var TronWebCtor = g.__tronwebBundle && (g.__tronwebBundle.TronWeb || g.__tronwebBundle.default || g.__tronwebBundle);
  if (typeof TronWebCtor !== 'function') throw new Error('fake TronLink: TronWeb bundle did not load');
  var opts = ${JSON.stringify(opts)};
  var state = {
    fullHost: opts.fullHost,
    privateKey: String(opts.privateKey).replace(/^0x/, ''),
    connected: !!opts.connected,
    rejectRequests: !!opts.rejectRequests,
    rejectSigning: !!opts.rejectSigning,
    locked: !!opts.locked,
    next: { request: 0, sign: 0 },
    calls: []
  };
  function post(action, data) {
    try { g.postMessage({ message: { action: action, data: data || {} }, isTronLink: true }, g.location.origin); } catch (e) { /* ignore */ }
  }
  function declined() {
    var err = new Error('Confirmation declined by user');
    err.code = 4001;
    return err;
  }
  function makeTronWeb() {
    var tw = new TronWebCtor({ fullHost: state.fullHost });
    var origSign = tw.trx.sign.bind(tw.trx);
    var origSignMessageV2 = tw.trx.signMessageV2 ? tw.trx.signMessageV2.bind(tw.trx) : null;
    tw.trx.sign = function (tx, pk, useTronHeader, multisig) {
      state.calls.push({ kind: 'sign', at: Date.now() });
      if (!state.connected || state.locked) return Promise.reject(declined());
      if (state.rejectSigning || state.next.sign > 0) {
        if (state.next.sign > 0) state.next.sign--;
        return Promise.reject(declined());
      }
      return origSign(tx, pk || state.privateKey, useTronHeader, multisig);
    };
    if (origSignMessageV2) {
      tw.trx.signMessageV2 = function (msg, pk) {
        state.calls.push({ kind: 'signMessageV2', at: Date.now() });
        if (!state.connected || state.locked || state.rejectSigning || state.next.sign > 0) {
          if (state.next.sign > 0) state.next.sign--;
          return Promise.reject(declined());
        }
        return origSignMessageV2(msg, pk || state.privateKey);
      };
    }
    tw.ready = false;
    return tw;
  }
  var tronWeb = makeTronWeb();
  function applyAccount() {
    if (state.connected && !state.locked) {
      tronWeb.setPrivateKey(state.privateKey);
      tronWeb.ready = true;
      tronLink.ready = true;
    } else {
      tronWeb.defaultPrivateKey = false;
      tronWeb.defaultAddress = { hex: false, base58: false };
      tronWeb.ready = false;
      tronLink.ready = false;
    }
  }
  var tronLink = {
    ready: false,
    isTronLink: true,
    name: opts.name,
    tronWeb: tronWeb,
    request: function (args) {
      var method = args && args.method;
      state.calls.push({ kind: 'request', method: method, at: Date.now() });
      if (method === 'tron_requestAccounts') {
        if (state.locked) return Promise.resolve('');
        if (state.rejectRequests || state.next.request > 0) {
          if (state.next.request > 0) state.next.request--;
          return Promise.resolve({ code: 4001, message: 'User rejected the request.' });
        }
        var already = state.connected;
        state.connected = true;
        applyAccount();
        if (!already) {
          post('connect', {});
          post('setAccount', { address: tronWeb.defaultAddress.base58 });
        }
        return Promise.resolve({ code: 200, message: already ? 'The site is already in the whitelist' : 'User allowed the request.' });
      }
      if (method === 'wallet_watchAsset') {
        state.calls[state.calls.length - 1].params = args.params;
        return Promise.resolve(true);
      }
      return Promise.reject({ code: 4200, message: 'The requested method is not supported by the fake TronLink: ' + method });
    }
  };
  applyAccount();
  g.tronLink = tronLink;
  g.tronWeb = tronWeb;
  g.__tronLinkMock = {
    get state() { return { connected: state.connected, locked: state.locked, address: tronWeb.defaultAddress, fullHost: state.fullHost }; },
    calls: state.calls,
    rejectNext: function (kind) { state.next[kind === 'sign' ? 'sign' : 'request']++; },
    rejectRequests: function (on) { state.rejectRequests = on !== false; },
    rejectSigning: function (on) { state.rejectSigning = on !== false; },
    lock: function () { state.locked = true; applyAccount(); post('lockChange', {}); post('setAccount', { address: false }); },
    unlock: function () { state.locked = false; applyAccount(); post('setAccount', { address: tronWeb.defaultAddress.base58 }); },
    disconnect: function () { state.connected = false; applyAccount(); post('disconnect', {}); post('setAccount', { address: false }); },
    switchAccount: function (privateKey) {
      state.privateKey = String(privateKey).replace(/^0x/, '');
      applyAccount();
      var addr = tronWeb.defaultAddress.base58;
      post('setAccount', { address: addr });
      post('accountsChanged', { address: addr });
      return addr;
    },
    switchNode: function (fullHost) {
      state.fullHost = fullHost;
      tronWeb.setFullNode(fullHost);
      tronWeb.setSolidityNode(fullHost);
      tronWeb.setEventServer(fullHost);
      post('setNode', { node: { fullNode: fullHost, solidityNode: fullHost, eventServer: fullHost, chain: '_', name: 'devnet' }, connectNode: { fullNode: fullHost } });
    }
  };
  try { g.dispatchEvent(new Event('tronLink#initialized')); } catch (e) { /* no Event in this environment */ }
})();
`;
}

/**
 * The init script: tronweb's browser bundle (its UMD wrapper sets window.TronWeb, which is taken
 * and then restored, so the page's own globals stay as they were), then the fake TronLink.
 */
export function tronLinkInitScript(options: TronLinkOptions): string {
  const opts = {
    fullHost: options.fullHost.replace(/\/+$/, ''),
    privateKey: options.privateKey.replace(/^0x/, ''),
    connected: options.connected ?? true,
    rejectRequests: options.rejectRequests ?? false,
    rejectSigning: options.rejectSigning ?? false,
    locked: options.locked ?? false,
    name: options.name ?? 'TronLink (devnet)',
  };
  const bundle = tronWebBrowserBundle();
  return `
(function () {
  if (window.__tronLinkMock) return;
  var had = Object.prototype.hasOwnProperty.call(window, 'TronWeb');
  var previous = window.TronWeb;
  (function (exports, module, define) {
${bundle}
  })(undefined, undefined, undefined);
  window.__tronwebBundle = window.TronWeb;
  if (had) window.TronWeb = previous;
  else delete window.TronWeb;
})();
${pageScript(opts)}
`;
}

/** Playwright: `await injectTronLink(page, {fullHost, privateKey})` before page.goto(). */
export async function injectTronLink(
  page: InitScriptTarget,
  options: TronLinkOptions,
): Promise<void> {
  await page.addInitScript({ content: tronLinkInitScript(options) });
}
