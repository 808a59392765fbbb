/**
 * Import by address, as the token picker does it (its chunk, not the first load): what the
 * chain says about an address, keeping a token for this browser, forgetting it.
 */
import type { NetworkId } from '../config/types';
import { networks$ } from '../config/registry';
import {
  addImportedToken,
  removeImportedToken as removeImported,
  type ImportScope,
} from '../config/extraTokens';
import { taxPercentOf } from '../core/tokenProbe';
import type { TokenCandidate, TokenInspection } from './tokenInspection';

export type { TokenCandidate, TokenInspection };
import { networkById } from './wallet';

/**
 * What the chain says about an address pasted in the token picker: a token it already offers,
 * a token to import (facts, taxes), or why it cannot be imported. Loads its own chunk.
 */
export async function inspectTokenAddress(
  text: string,
  networkId?: NetworkId,
): Promise<TokenInspection> {
  const { inspectTokenAddress: inspect } = await import(
    /* webpackChunkName: "token-import" */ './tokenInspection'
  );
  return inspect(text, networkId);
}

async function scopeOf(networkId?: NetworkId): Promise<ImportScope> {
  const network = await networkById(networkId);
  const state = networks$.getValue();
  const profile = state.status === 'ready' ? state.file.profile : 'production';
  return { profile, network };
}

/**
 * Keeps a token read by inspectTokenAddress for this browser and network; resolves to its key
 * (its address). Its taxes are the measured ones (a tax not measured counts as 0 until a quote
 * detects it).
 */
export async function importToken(token: TokenCandidate, networkId?: NetworkId): Promise<string> {
  const scope = await scopeOf(networkId);
  const taxes = token.taxes;
  const measured = taxes.kind === 'measured';
  const tax = measured ? taxPercentOf(taxes.buy) : 0;
  const sellTax = measured && taxes.sell ? taxPercentOf(taxes.sell) : undefined;
  await addImportedToken(scope, {
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    tax,
    ...(sellTax !== undefined && sellTax !== tax ? { sellTax } : {}),
    ...(measured && taxes.sellFails ? { sellFails: true } : {}),
  });
  return token.address;
}

/** Forgets an imported token (its address) in this browser. */
export async function removeImportedToken(address: string, networkId?: NetworkId): Promise<void> {
  await removeImported(await scopeOf(networkId), address);
}
