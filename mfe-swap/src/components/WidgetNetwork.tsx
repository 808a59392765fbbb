import { useLingui } from '@lingui/react/macro';
import { hostNamedNoChain, type NetworkConfig } from '@jmswap/shared-chain';

/**
 * The widget's confirm step when its host named no chain for its wallet (a host on the seed's
 * protocol): the network this swap goes to, so the user can check the wallet's prompt.
 */
export function WidgetNetwork({ network }: { network: NetworkConfig }) {
  const { t } = useLingui();
  if (!hostNamedNoChain()) return null;
  const name = network.name;
  return (
    <p className="jm-network-fee" data-testid="widget-network">
      {t`Network: ${name}`}
    </p>
  );
}
