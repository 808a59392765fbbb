import type { NetworkConfig } from '../config/types';

/**
 * The one router choice for liquidity (both platforms, services and writers): the normal ROUTER
 * when a token of the pair pays tax on liquidity (useNormalRouterForLiquidity), else the
 * tax-exempt LIQUIDITY_ROUTER. It is also the spender the liquidity approvals go to.
 */
export function liquidityRouterOf(
  network: Pick<NetworkConfig, 'tokens' | 'exchange'>,
  symbolA: string,
  symbolB: string,
): { address: string; normal: boolean } {
  // A token beyond the config (keyed by its address) exempts nothing of ours: normal router.
  const normal = [symbolA, symbolB].some(
    (symbol) =>
      network.tokens[symbol]?.useNormalRouterForLiquidity === true ||
      /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/.test(symbol),
  );
  const { ROUTER_ADDRESS, LIQUIDITY_ROUTER } = network.exchange;
  return { address: normal ? ROUTER_ADDRESS : LIQUIDITY_ROUTER, normal };
}
