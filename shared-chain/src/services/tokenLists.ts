/**
 * Token lists (the Token Lists JSON format used across the EVM ecosystem, tokenlists.org): a
 * deployment may give a network lists of tokens (`tokenLists` in networks.json: a URL, or a file
 * under the site), offered in the picker as "listed by <list name>" beside the listed tokens. A
 * list is checked against the format's published JSON schema (from its npm package, compiled
 * ahead: no eval under the CSP); one that fails costs only itself, with a console line. Its
 * tokens are keyed by address (they never replace a listed token) and carry no tax until the
 * quote detects one.
 */
import type { NetworkConfig, TokenConfig } from '../config/types';
import { setListTokens } from '../config/extraTokens';
import { MAX_TOKEN_DECIMALS, canonicalAddress, hasUnsafeText } from '../config/tokenIdentity';
import { validate } from '../config/tokenListValidator.generated';

interface ListedToken {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
}

/**
 * A list's logo is shown when it is on the site itself or on the list's own https host: the
 * hosts the site's Content-Security-Policy lets images come from (mf-config's csp.js adds each
 * list's host). Any other gets the letter badge rather than an image the browser refuses.
 */
function safeLogo(uri: string | undefined, listUrl: string | undefined): string {
  if (!uri || listUrl === undefined) return '';
  try {
    const site = typeof location === 'undefined' ? undefined : location.origin;
    const logo = new URL(uri);
    const sameHost = logo.origin === new URL(listUrl, site).origin;
    return sameHost && (logo.protocol === 'https:' || logo.origin === site) ? uri : '';
  } catch {
    return '';
  }
}

/**
 * The tokens of one list for `network` (its chain id), or an Error saying why the list failed.
 * `listUrl`: where the list came from (its host's logos are kept).
 */
export function tokensOfList(
  network: NetworkConfig,
  raw: unknown,
  listUrl?: string,
): TokenConfig[] | Error {
  if (!validate(raw)) {
    const first = validate.errors?.[0];
    return new Error(
      `failed validation: ${first?.instancePath || '(root)'} ${first?.message ?? ''}`,
    );
  }
  const list = raw as { name: string; tokens: ListedToken[] };
  const out: TokenConfig[] = [];
  for (const t of list.tokens) {
    if (t.chainId !== network.chainId) continue;
    const address = canonicalAddress(network.platform, t.address);
    if (address === undefined || t.decimals > MAX_TOKEN_DECIMALS) continue;
    if (hasUnsafeText(t.symbol) || hasUnsafeText(t.name)) continue;
    out.push({
      symbol: t.symbol,
      name: t.name,
      address,
      decimals: t.decimals,
      logoURI: safeLogo(t.logoURI, listUrl),
      tax: 0,
      useNormalRouterForLiquidity: true,
      origin: 'list',
      listName: list.name,
    });
  }
  return out;
}

/** Loads every list of the network (each on its own; a failure logs and skips only that one). */
export async function loadTokenLists(
  network: NetworkConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenConfig[]> {
  const lists = await Promise.all(
    (network.tokenLists ?? []).map(async ({ url }) => {
      try {
        const res = await fetchImpl(url, {
          credentials: 'omit',
          headers: { Accept: 'application/json' },
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const tokens = tokensOfList(network, await res.json(), url);
        if (tokens instanceof Error) throw tokens;
        return tokens;
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        console.warn(`[shared-chain] ${network.id} token list ${url}: ${why}; left out`);
        return [];
      }
    }),
  );
  const tokens = lists.flat();
  setListTokens(network.id, tokens);
  return tokens;
}
