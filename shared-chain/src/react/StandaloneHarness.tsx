import { useState, type ReactNode } from 'react';
import { NETWORK_IDS } from '../config/types';
import { selectNetwork } from '../bus/session';
import type { RemoteScreenProps } from '../ui-contract';
import { useSelectedNetwork } from './hooks';

interface Props {
  app: string;
  version: string;
  render: (props: RemoteScreenProps) => ReactNode;
}

/** Minimal host for running one remote alone (its team's dev page): a network picker and the query string. */
export function StandaloneHarness({ app, version, render }: Props) {
  const network = useSelectedNetwork();
  const [query, setQueryState] = useState<Record<string, string | undefined>>(() =>
    Object.fromEntries(new URLSearchParams(globalThis.location?.search ?? '')),
  );
  const setQuery = (changes: Record<string, string | undefined>) =>
    setQueryState((q) => ({ ...q, ...changes }));
  return (
    <div style={{ fontFamily: 'sans-serif', maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <p>
        Standalone {app} {version} on{' '}
        <select
          aria-label="Network"
          value={network}
          onChange={(e) => selectNetwork(e.target.value)}
        >
          {NETWORK_IDS.map((id) => (
            <option key={id}>{id}</option>
          ))}
        </select>
      </p>
      {render({ network, query, setQuery })}
    </div>
  );
}
