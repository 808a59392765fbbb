import { useEffect, useState, type FormEvent } from 'react';
import { setLoading, useNetworks, type RemoteScreenProps } from '@jmswap/shared-chain';
import { LISTING_OOPS, LISTING_THANKS, listingAction, submitListing } from './listingAction';

export { LISTING_OOPS, LISTING_THANKS };

export const LISTING_FIELDS = [
  'name',
  'network',
  'type',
  'contract',
  'tax',
  'supply',
  'website',
  'email',
  'telegram',
] as const;
type Field = (typeof LISTING_FIELDS)[number];

const PLACEHOLDERS: Partial<Record<Field, string>> = {
  network: 'TRON, BSC, POLY, BTTC or ETH',
  type: 'TRC-20',
  tax: '0',
  website: 'https://',
  telegram: '@handle or https://t.me/...',
};
const INPUT_TYPES: Partial<Record<Field, string>> = { email: 'email', website: 'url' };
/** Same bounds as the server; the server's answer is what counts. */
const MAX_LENGTH: Partial<Record<Field, number>> = { contract: 64, tax: 3, supply: 78 };

/** Exactly the nine fields, in the spec's order. */
function formData(form: HTMLFormElement): FormData {
  const data = new FormData();
  for (const field of LISTING_FIELDS) {
    const input = form.elements.namedItem(field) as HTMLInputElement | null;
    data.append(field, input?.value ?? '');
  }
  return data;
}

/**
 * TOKEN LISTING form. It posts to the deployment's listing API (never to a url from the query
 * string); the server validates every field and the first error is shown as text.
 */
export function ListingPage(_props: RemoteScreenProps) {
  const networks = useNetworks();
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => setLoading(false), []);
  const action = networks.status === 'ready' ? listingAction(networks.file) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    setStatus('');
    const text = await submitListing(action, formData(form));
    setSending(false);
    setStatus(text);
    if (text === LISTING_THANKS) form.reset();
  }

  return (
    <section className="jm-card" data-remote="listing" data-remote-version={__APP_VERSION__}>
      <h2>TOKEN LISTING</h2>
      <form onSubmit={submit} className="jm-form" noValidate>
        {LISTING_FIELDS.map((field) => (
          <label key={field}>
            {field}
            <input
              name={field}
              type={INPUT_TYPES[field] ?? 'text'}
              placeholder={PLACEHOLDERS[field]}
              maxLength={MAX_LENGTH[field] ?? 200}
              autoComplete="off"
            />
          </label>
        ))}
        <button type="submit" className="jm-button" disabled={sending}>
          SUBMIT
        </button>
      </form>
      <p role="status" aria-live="polite">
        {sending ? 'Sending...' : status}
      </p>
    </section>
  );
}

export default ListingPage;
