/**
 * Import by address: what the chain says about a pasted address, read when the picker asks
 * (its own chunk: routing comes with it). The contract's symbol, name, decimals and supply, then
 * its buy and sell tax measured the way the listing form and the swap box measure a tax: a small
 * buy from the base coin simulated through the router (here in one read-only call that also
 * sells what arrived, so a token that cannot be sold shows it). Nothing is signed or sent.
 */
import { msg } from '@lingui/core/macro';
import { readerFor } from './platform';
import { networkById } from './wallet';
import type { NetworkConfig, NetworkId } from '../config/types';
import { catalogued } from '../core/errors';
import { estimateSwap } from '../core/estimate';
import {
  MAX_TOKEN_DECIMALS,
  escapeUnsafeText,
  hasUnsafeText,
  keyOfAddress,
  readSearchInput,
} from '../config/tokenIdentity';
import { taxesOfProbe, type TokenTaxes } from '../core/tokenProbe';
import { poolsAround } from './pools';
import { probeAmount } from './taxDetection';

export const NO_CONTRACT = catalogued(
  msg`There is no contract at this address on this network. It may be a wallet, or a token of another network.`,
);
export const NOT_A_TOKEN = catalogued(
  msg`This contract is not a token: it has no symbol, name and decimals.`,
);
export const NETWORK_NOT_READ = catalogued(
  msg`The network could not be read. Check your connection and try again.`,
);

/** A token read from the chain, not yet imported. */
export interface TokenCandidate {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  totalSupply: bigint;
  taxes: TokenTaxes;
}

export type TokenInspection =
  /** The address is a token this network already offers (listed, imported or from a list). */
  | { kind: 'known'; key: string }
  | { kind: 'candidate'; token: TokenCandidate }
  /** Not importable: the message says why, with any text the token gave escaped. */
  | { kind: 'refused'; message: string; details?: string };

/** Why a token's facts refuse its import, or undefined. */
export function refusalOf(facts: {
  symbol: string;
  name: string;
  decimals: bigint;
}): { message: string; details?: string } | undefined {
  if (facts.decimals > BigInt(MAX_TOKEN_DECIMALS)) {
    const decimals = facts.decimals.toString();
    return {
      message: catalogued(
        msg`This token states ${decimals} decimals; a token has at most 36. It cannot be imported.`,
      ),
    };
  }
  if (facts.symbol.trim() === '' || facts.name.trim() === '') return { message: NOT_A_TOKEN };
  if (hasUnsafeText(facts.symbol) || hasUnsafeText(facts.name)) {
    return {
      message: catalogued(
        msg`This token's symbol or name holds hidden control or direction characters, which can make it read as another token. It cannot be imported.`,
      ),
      details: `${escapeUnsafeText(facts.symbol)} · ${escapeUnsafeText(facts.name)}`,
    };
  }
  return undefined;
}

/** The token's taxes: its pools found by the factory, then the probe along the best buy path. */
async function measureTaxes(network: NetworkConfig, address: string): Promise<TokenTaxes> {
  const reader = await readerFor(network);
  const pools = await poolsAround(network, [address]);
  if (pools === undefined || !reader.probeToken)
    return { kind: 'unmeasured', reason: 'unreachable' };
  // The probe's token is not in the table yet: untaxed here, the probe reads the real tax.
  const tokens = {
    ...network.tokens,
    [address]: { tax: 0, decimals: 18, symbol: address, name: '', address, logoURI: '' },
  };
  const amountIn = probeAmount(network, pools, address);
  let path: string[] | undefined;
  try {
    path = estimateSwap({
      tokens,
      pools,
      from: network.baseToken,
      to: address,
      amountIn,
      maxHopLength: network.exchange.MAX_HOP_LENGTH,
    })?.path;
  } catch {
    path = undefined;
  }
  if (amountIn === 0n || path === undefined) return { kind: 'unmeasured', reason: 'no-pool' };
  const reading = await reader.probeToken(path, amountIn);
  return reading ? taxesOfProbe(reading) : { kind: 'unmeasured', reason: 'unreachable' };
}

/** What the chain says about `text` pasted in the picker of `networkId`. */
export async function inspectTokenAddress(
  text: string,
  networkId?: NetworkId,
): Promise<TokenInspection> {
  const network = await networkById(networkId);
  const input = readSearchInput(text, network.platform);
  if (input.kind === 'bad-address') return { kind: 'refused', message: input.message };
  if (input.kind === 'text') return { kind: 'refused', message: NOT_A_TOKEN };
  const key = keyOfAddress(network, input.address);
  if (key !== undefined && network.tokens[key]) return { kind: 'known', key };
  const reader = await readerFor(network);
  const facts = await reader.tokenFacts?.(input.address);
  if (facts === undefined) return { kind: 'refused', message: NETWORK_NOT_READ };
  if (facts.kind === 'no-code') return { kind: 'refused', message: NO_CONTRACT };
  if (facts.kind === 'not-token') return { kind: 'refused', message: NOT_A_TOKEN };
  const refused = refusalOf(facts);
  if (refused) return { kind: 'refused', ...refused };
  const taxes = await measureTaxes(network, input.address);
  return {
    kind: 'candidate',
    token: {
      address: input.address,
      symbol: facts.symbol,
      name: facts.name,
      decimals: Number(facts.decimals),
      totalSupply: facts.totalSupply,
      taxes,
    },
  };
}
