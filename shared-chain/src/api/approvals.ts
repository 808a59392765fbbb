/**
 * `GET {api}/v1/approvals?network=<id>&owner=<address>`: the routers an account approved, from
 * the API's indexed Approval events. Only a hint of which tokens to read beyond the configured
 * ones: the chain stays the source of truth for every amount, and without the API (missing,
 * down, an answer off the contract) the Approvals view works from the configured tokens alone.
 */
import * as v from 'valibot';
import type { NetworkId } from '../config/types';
import { withinAnswerTime } from './answerTime';

/** An EVM (0x) or TRON (base58 or 41-hex) address. */
const address = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{40}|41[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/),
);

export const approvalHintSchema = v.object({
  token: address,
  spender: address,
  blockNumber: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});

export const approvalHintsSchema = v.object({
  approvals: v.pipe(v.array(approvalHintSchema), v.maxLength(1000)),
});

export type ApprovalHint = v.InferOutput<typeof approvalHintSchema>;

/** The hints of an answer, or undefined when it does not fit the contract. */
export function parseApprovalHints(raw: unknown): ApprovalHint[] | undefined {
  const parsed = v.safeParse(approvalHintsSchema, raw);
  return parsed.success ? parsed.output.approvals : undefined;
}

/** The API's hints for `owner` on `network`; [] when the API is not there or answers badly (logged). */
export async function fetchApprovalHints(
  apiUrl: string,
  network: NetworkId,
  owner: string,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<ApprovalHint[]> {
  if (!apiUrl) return [];
  const query = new URLSearchParams({ network, owner });
  try {
    return await withinAnswerTime(async (signal) => {
      const res = await (options.fetchImpl ?? fetch)(
        `${apiUrl.replace(/\/+$/, '')}/v1/approvals?${query.toString()}`,
        { headers: { Accept: 'application/json' }, signal },
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const hints = parseApprovalHints(await res.json());
      if (!hints) throw new Error('answer does not match the approvals contract');
      return hints;
    }, options.signal);
  } catch (error) {
    if (!options.signal?.aborted)
      console.warn('[api] approvals unavailable:', error instanceof Error ? error.message : error);
    return [];
  }
}
