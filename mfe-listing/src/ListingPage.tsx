import { useEffect, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { setLoading, useNetworks, type RemoteScreenProps } from '@jmswap/shared-chain';
import { listingAction, submitListing, type ListingOutcome } from './listingAction';
import { fieldLabel, outcomeText } from './listingText';
// This remote's texts in the language in use, registered with the module.
import './listingCatalog';

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

const PLACEHOLDERS: Partial<Record<Field, string | MessageDescriptor>> = {
  network: msg`TRON, BSC, POLY, BTTC or ETH`,
  type: 'TRC-20',
  tax: '0',
  website: 'https://',
  telegram: msg`@handle or https://t.me/...`,
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
  const { t, i18n } = useLingui();
  const networks = useNetworks();
  const [outcome, setOutcome] = useState<ListingOutcome>();
  const [sending, setSending] = useState(false);
  useEffect(() => setLoading(false), []);
  const action = networks.status === 'ready' ? listingAction(networks.file) : undefined;

  const placeholder = (p?: string | MessageDescriptor) =>
    p === undefined || typeof p === 'string' ? p : i18n._(p);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    setOutcome(undefined);
    const answer = await submitListing(action, formData(form));
    setSending(false);
    setOutcome(answer);
    if (answer.kind === 'thanks') form.reset();
  }

  return (
    <section className="jm-card" data-remote="listing" data-remote-version={__APP_VERSION__}>
      <h2>{t`TOKEN LISTING`}</h2>
      <form onSubmit={submit} className="jm-form" noValidate>
        {LISTING_FIELDS.map((field) => (
          <label key={field}>
            {fieldLabel(field)}
            <input
              name={field}
              type={INPUT_TYPES[field] ?? 'text'}
              placeholder={placeholder(PLACEHOLDERS[field])}
              maxLength={MAX_LENGTH[field] ?? 200}
              autoComplete="off"
            />
          </label>
        ))}
        <button type="submit" className="jm-button" disabled={sending}>
          {t`SUBMIT`}
        </button>
      </form>
      <p role="status" aria-live="polite">
        {sending ? t`Sending...` : outcome && outcomeText(outcome)}
      </p>
    </section>
  );
}

export default ListingPage;
