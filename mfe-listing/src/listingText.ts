// The listing page's words: field labels, hints and the server's field errors. The server
// answers in English (its API's language); the errors it is known to send are worded here in
// the page's language, anything else is shown as sent.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@jmswap/shared-chain';
import type { ListingOutcome } from './listingAction';

const FIELD_LABELS: Record<string, MessageDescriptor | undefined> = {
  name: msg`name`,
  network: msg`network`,
  type: msg`type`,
  contract: msg`contract`,
  tax: msg`tax`,
  supply: msg`supply`,
  website: msg`website`,
  email: msg`email`,
  telegram: msg`telegram`,
};

const FIXED_ERRORS: Record<string, MessageDescriptor | undefined> = {
  'is required': msg`is required`,
  'is not a valid TRON address': msg`is not a valid TRON address`,
  'is not a valid 0x address': msg`is not a valid 0x address`,
  'has an invalid checksum': msg`has an invalid checksum`,
  'is the zero address': msg`is the zero address`,
  'contains characters that are not allowed': msg`contains characters that are not allowed`,
  'must be a percent from 0 to 100, e.g. 3 or 2.5': msg`must be a percent from 0 to 100, e.g. 3 or 2.5`,
  // What an api from before fractional taxes says; kept while one may still answer.
  'must be a whole number from 0 to 100': msg`must be a whole number from 0 to 100`,
  'must be a positive whole number': msg`must be a positive whole number`,
  'must be an http(s) url': msg`must be an http(s) url`,
  'is not a valid email address': msg`is not a valid email address`,
  'must be a Telegram handle or t.me link': msg`must be a Telegram handle or t.me link`,
};

/** A form field's label (the field's own name when it is not one of the form's). */
export function fieldLabel(field: string): string {
  const label = FIELD_LABELS[field];
  return label ? i18n._(label) : field;
}

/** A server field error in the page's language (as sent when it is not one we know). */
export function errorText(message: string): string {
  const fixed = FIXED_ERRORS[message];
  if (fixed) return i18n._(fixed);
  const long = /^must be at most (\d+) characters$/.exec(message);
  if (long) {
    const count = long[1] ?? '';
    return i18n._(msg`must be at most ${count} characters`);
  }
  const again = /^was already submitted for (\w+)$/.exec(message);
  if (again) {
    const network = again[1] ?? '';
    return i18n._(msg`was already submitted for ${network}`);
  }
  return message;
}

/** The status line for the server's answer (product.md section 2, Listing page). */
export function outcomeText(outcome: ListingOutcome): string {
  if (outcome.kind === 'thanks') return i18n._(msg`Thanks for your submission!`);
  if (outcome.kind === 'oops') return i18n._(msg`Oops! There was a problem submitting your form`);
  const field = fieldLabel(outcome.field);
  const problem = errorText(outcome.message);
  return i18n._(msg`Validation error: ${field} ${problem}`);
}
