import { useEffect, useState, type FormEvent } from 'react';
import { setLoading, type RemoteScreenProps } from '@jmswap/shared-chain';

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
const PLACEHOLDERS: Partial<Record<(typeof LISTING_FIELDS)[number], string>> = { type: 'TRC-20' };

export const LISTING_THANKS = 'Thanks for your submission!';
export const LISTING_OOPS = 'Oops! There was a problem submitting your form';

/** TOKEN LISTING form. The action url is configured per deployment (the listing API comes later). */
export function ListingPage({ query }: RemoteScreenProps) {
  const [status, setStatus] = useState('');
  useEffect(() => setLoading(false), []);
  const action = query.listingAction;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) return setStatus(LISTING_OOPS);
    try {
      const res = await fetch(action, {
        method: 'POST',
        body: new FormData(event.currentTarget),
        headers: { Accept: 'application/json' },
      });
      const body = (await res.json().catch(() => ({}))) as {
        error?: string;
        errors?: { field: string; message: string }[];
      };
      const first = body.errors?.[0];
      if (res.ok && !body.error) setStatus(LISTING_THANKS);
      else setStatus(first ? `Validation error: ${first.field} ${first.message}` : LISTING_OOPS);
    } catch {
      setStatus(LISTING_OOPS);
    }
  }

  return (
    <section className="jm-card" data-remote="listing" data-remote-version={__APP_VERSION__}>
      <h2>TOKEN LISTING</h2>
      <form onSubmit={submit} className="jm-form">
        {LISTING_FIELDS.map((field) => (
          <label key={field}>
            {field}
            <input name={field} placeholder={PLACEHOLDERS[field]} />
          </label>
        ))}
        <button type="submit" className="jm-button">
          SUBMIT
        </button>
      </form>
      <p role="status">{status}</p>
    </section>
  );
}

export default ListingPage;
