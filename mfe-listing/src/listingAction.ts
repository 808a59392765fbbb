import type { NetworksFile } from '@jmswap/shared-chain';

/**
 * Where the form posts: the listing endpoint of the deployment's own API (TRON's `api.url` in the
 * runtime networks.json). Never taken from the address bar: a link must not be able to send a
 * project's contact data to a third party.
 */
export function listingAction(file: NetworksFile): string | undefined {
  const base = file.networks.TRON?.api.url.replace(/\/+$/, '');
  if (!base) return undefined;
  try {
    const url = new URL(`${base}/v1/listing`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The server's answer, as the status line shows it (ListingPage words it in the language). */
export type ListingOutcome =
  | { kind: 'thanks' }
  | { kind: 'oops' }
  /** The first error (the status line's), and every error the server named. */
  | { kind: 'invalid'; field: string; message: string; errors: FieldError[] };

export interface FieldError {
  field: string;
  message: string;
}

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as FieldError).field === 'string' &&
  typeof (e as FieldError).message === 'string';

/** What the server answered (product.md section 2, Listing page). */
export function listingOutcome(ok: boolean, body: unknown): ListingOutcome {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    ok?: unknown;
    errors?: unknown;
  };
  if (ok && answer.ok === true) return { kind: 'thanks' };
  const errors = Array.isArray(answer.errors) ? answer.errors.filter(isFieldError) : [];
  const first = errors[0];
  if (!ok && first)
    return {
      kind: 'invalid',
      field: first.field,
      message: first.message,
      errors: errors.map(({ field, message }) => ({ field, message })),
    };
  return { kind: 'oops' };
}

/**
 * How long the listing api may take to answer. An api that takes the request and never answers
 * would leave "Sending..." and a disabled SUBMIT for minutes; past this the form says Oops and
 * the user can send again.
 */
export const LISTING_ANSWER_MS = 20_000;

/** Posts the form as multipart data and answers the outcome; never throws. */
export async function submitListing(
  action: string | undefined,
  data: FormData,
): Promise<ListingOutcome> {
  if (!action) return { kind: 'oops' };
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Error(`no answer within ${LISTING_ANSWER_MS / 1000} s`)),
    LISTING_ANSWER_MS,
  );
  try {
    const res = await fetch(action, {
      method: 'POST',
      body: data,
      headers: { Accept: 'application/json' },
      signal: abort.signal,
    });
    return listingOutcome(res.ok, await res.json().catch(() => undefined));
  } catch (error) {
    console.error('[listing] submit failed:', error);
    return { kind: 'oops' };
  } finally {
    clearTimeout(timer);
  }
}
