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

export const LISTING_THANKS = 'Thanks for your submission!';
export const LISTING_OOPS = 'Oops! There was a problem submitting your form';

interface FieldError {
  field: string;
  message: string;
}

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as FieldError).field === 'string' &&
  typeof (e as FieldError).message === 'string';

/** The status text for the server's answer (product.md section 2, Listing page). */
export function outcomeText(ok: boolean, body: unknown): string {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    ok?: unknown;
    errors?: unknown;
  };
  if (ok && answer.ok === true) return LISTING_THANKS;
  const first: unknown = Array.isArray(answer.errors) ? answer.errors[0] : undefined;
  if (!ok && isFieldError(first)) return `Validation error: ${first.field} ${first.message}`;
  return LISTING_OOPS;
}

/** Posts the form as multipart data and answers the status text; never throws. */
export async function submitListing(action: string | undefined, data: FormData): Promise<string> {
  if (!action) return LISTING_OOPS;
  try {
    const res = await fetch(action, {
      method: 'POST',
      body: data,
      headers: { Accept: 'application/json' },
    });
    return outcomeText(res.ok, await res.json().catch(() => undefined));
  } catch (error) {
    console.error('[listing] submit failed:', error);
    return LISTING_OOPS;
  }
}
