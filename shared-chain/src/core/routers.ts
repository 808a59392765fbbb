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
  const normal = [symbolA, symbolB].some(
    (symbol) => network.tokens[symbol]?.useNormalRouterForLiquidity === true,
  );
  const { ROUTER_ADDRESS, LIQUIDITY_ROUTER } = network.exchange;
  return { address: normal ? ROUTER_ADDRESS : LIQUIDITY_ROUTER, normal };
}
