import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  setLoading,
  useNetworks,
  type NetworkId,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { listingAction, submitListing, type ListingOutcome } from './listingAction';
import { errorText, fieldLabel, outcomeText } from './listingText';
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
/** Each network's token standard, as the api's listing rules ask; the server's answer counts. */
export const TOKEN_TYPES: Readonly<Record<string, string>> = {
  TRON: 'TRC-20',
  BSC: 'BEP-20',
  POLY: 'ERC-20',
  BTTC: 'ERC-20',
  ETH: 'ERC-20',
};
/** Same bounds as the server; the server's answer is what counts. */
const MAX_LENGTH: Partial<Record<Field, number>> = { contract: 64, tax: 8, supply: 104 };

/** Exactly the nine fields, in the spec's order. */
function formData(form: HTMLFormElement): FormData {
  const data = new FormData();
  for (const field of LISTING_FIELDS) {
    const input = form.elements.namedItem(field) as HTMLInputElement | null;
    data.append(field, input?.value ?? '');
  }
  return data;
}

/** The server's error of each form field (its first, when it names a field twice). */
function errorsByField(outcome: ListingOutcome): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (outcome.kind !== 'invalid') return errors;
  for (const { field, message } of outcome.errors)
    if ((LISTING_FIELDS as readonly string[]).includes(field)) errors[field as Field] ??= message;
  return errors;
}

/**
 * Network and Type, filled in: the network the header shows (and the one a tab there picks) and
 * its token standard, each until the user writes in it; Type follows the Network written.
 */
function useNetworkFields(shown: NetworkId) {
  const [network, setNetwork] = useState<string>();
  const [type, setType] = useState<string>();
  const networkText = network ?? shown;
  const values: Partial<Record<Field, string>> = {
    network: networkText,
    type: type ?? TOKEN_TYPES[networkText.trim().toUpperCase()] ?? '',
  };
  const write = (field: Field, text: string) =>
    field === 'network' ? setNetwork(text) : setType(text);
  const reset = () => {
    setNetwork(undefined);
    setType(undefined);
  };
  return { values, write, reset };
}

/**
 * TOKEN LISTING form. It posts to the deployment's listing API (never to a url from the query
 * string); the server validates every field. Its first error is the status line; every field it
 * refused is marked, says why under it, and the first one takes the focus.
 */
export function ListingPage({ network }: RemoteScreenProps) {
  const { t, i18n } = useLingui();
  const filled = useNetworkFields(network);
  const networks = useNetworks();
  const [outcome, setOutcome] = useState<ListingOutcome>();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const id = useId();
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
    const refused = errorsByField(answer);
    setErrors(refused);
    if (answer.kind === 'thanks') {
      form.reset();
      filled.reset();
    }
    const first = LISTING_FIELDS.find((field) => refused[field]);
    if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  }

  return (
    <section className="jm-card" data-remote="listing" data-remote-version={__APP_VERSION__}>
      <h2>{t`TOKEN LISTING`}</h2>
      <form onSubmit={submit} className="jm-form" noValidate>
        {LISTING_FIELDS.map((field) => {
          const error = errors[field];
          const value = filled.values[field];
          // Outside the label: the field's name stays its label alone.
          return (
            <div key={field} className="jm-form-field">
              <label>
                <span>{fieldLabel(field)}</span>
                <input
                  name={field}
                  type={INPUT_TYPES[field] ?? 'text'}
                  placeholder={placeholder(PLACEHOLDERS[field])}
                  maxLength={MAX_LENGTH[field] ?? 200}
                  autoComplete="off"
                  list={field === 'network' ? `${id}-networks` : undefined}
                  value={value}
                  onChange={
                    value === undefined ? undefined : (e) => filled.write(field, e.target.value)
                  }
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-${field}` : undefined}
                  // Edited: no longer what the server refused.
                  onInput={() => error && setErrors(({ [field]: _, ...rest }) => rest)}
                />
              </label>
              {error && (
                <small id={`${id}-${field}`} className="jm-form-error">
                  {errorText(error)}
                </small>
              )}
            </div>
          );
        })}
        <datalist id={`${id}-networks`}>
          {Object.keys(TOKEN_TYPES).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
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
