/**
 * `POST /v1/listing`: the TOKEN LISTING form's backend. A self-contained fastify plugin (its own
 * multipart parser, limits and per-client rate limit, encapsulated so nothing leaks to the other
 * routes). Answers JSON only: 200 `{ok, id}`, 400/409 `{error, message, statusCode, errors}`,
 * 413 oversized, 415 not multipart, 429 rate limited, 503 chain check impossible right now.
 */
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { chainError, readToken, type ChainAnswer, type ChainEndpoint } from './chain';
import {
  checkListing,
  LISTING_FIELDS,
  MAX_LENGTH,
  type FieldError,
  type ListingField,
} from './fields';
import { findListing, insertListing } from './store';
import { hexAddressOf, measureTax, taxError, type DexAddresses, type TaxAnswer } from './tax';

export interface ListingOptions {
  /** Requests per client and window (default 10 per minute). */
  rateLimit?: { max: number; timeWindow: number | string };
  /** Test seam: the chain reader. */
  readToken?: (endpoint: ChainEndpoint, contract: string) => Promise<ChainAnswer>;
  /** Test seam: the tax measurement. */
  measureTax?: (endpoint: ChainEndpoint, dex: DexAddresses, token: string) => Promise<TaxAnswer>;
}

/** The whole request, multipart framing included. */
export const MAX_REQUEST_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = Math.max(...Object.values(MAX_LENGTH)) * 4;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  503: 'Service Unavailable',
};

function fail(reply: FastifyReply, statusCode: number, errors: FieldError[]) {
  const first = errors[0] as FieldError;
  return reply.code(statusCode).send({
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message: `${first.field} ${first.message}`,
    statusCode,
    errors,
  });
}

type Read = { form: Partial<Record<ListingField, string>> } | { errors: FieldError[] };

/** The nine text fields; anything else (files, unknown or repeated fields) is refused. */
async function readForm(request: FastifyRequest): Promise<Read> {
  const form: Partial<Record<ListingField, string>> = {};
  const errors: FieldError[] = [];
  for await (const part of request.parts()) {
    const name = part.fieldname;
    if (part.type === 'file') {
      await part.toBuffer().catch(() => undefined);
      errors.push({ field: name.slice(0, 40), message: 'must be text, not a file' });
    } else if (!(LISTING_FIELDS as readonly string[]).includes(name)) {
      errors.push({
        field: 'form',
        message: `has an unknown field ${JSON.stringify(name.slice(0, 40))}`,
      });
    } else if (typeof part.value !== 'string' || part.valueTruncated) {
      errors.push({
        field: name,
        message: `must be at most ${MAX_LENGTH[name as ListingField]} characters of text`,
      });
    } else if (form[name as ListingField] !== undefined) {
      errors.push({ field: name, message: 'must be sent once' });
    } else form[name as ListingField] = part.value;
  }
  return errors.length > 0 ? { errors } : { form };
}

/**
 * Registered in app.ts after the db plugin: stores in `app.db`; checks contracts on the chains of
 * `app.networks` (the networks the API indexes), other networks get the format checks only.
 */
export const listingPlugin: FastifyPluginAsync<{ listing?: ListingOptions }> = async (
  app,
  opts,
) => {
  const read: (endpoint: ChainEndpoint, contract: string) => Promise<ChainAnswer> =
    opts.listing?.readToken ?? ((endpoint, contract) => readToken(endpoint, contract));
  // Every node of the network, in order: the next one when a node does not answer.
  const chains = new Map<string, ChainEndpoint[]>(
    app.networks.map((n) => [
      n.id,
      (n.nodeUrls ?? [n.nodeUrl]).map((nodeUrl) => ({ platform: n.platform, nodeUrl })),
    ]),
  );
  const measure = opts.listing?.measureTax ?? ((e, dex, token) => measureTax(e, dex, token));
  const dexes = new Map<string, DexAddresses>(
    app.networks.map((n) => [
      n.id,
      { factory: n.factory, wrappedBase: n.tokensBySymbol?.get(n.baseToken)?.key ?? '' },
    ]),
  );
  await app.register(rateLimit, {
    global: false,
    max: opts.listing?.rateLimit?.max ?? 10,
    timeWindow: opts.listing?.rateLimit?.timeWindow ?? '1 minute',
  });
  await app.register(multipart, {
    limits: {
      fieldNameSize: 40,
      fieldSize: MAX_FIELD_BYTES,
      fields: LISTING_FIELDS.length + 4,
      files: 0,
      parts: LISTING_FIELDS.length + 4,
      headerPairs: 20,
    },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  app.post(
    '/v1/listing',
    {
      config: { rateLimit: {} },
      bodyLimit: MAX_REQUEST_BYTES,
      onRequest: async (request, reply) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > MAX_REQUEST_BYTES)
          return fail(reply, 413, [
            { field: 'form', message: `must be at most ${MAX_REQUEST_BYTES} bytes` },
          ]);
        return undefined;
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        return fail(reply, 415, [
          { field: 'form', message: 'must be sent as multipart/form-data' },
        ]);
      let parsed: Read;
      try {
        parsed = await readForm(request);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413)
          return fail(reply, 413, [{ field: 'form', message: 'has too many fields or files' }]);
        request.log.info({ err: error }, 'malformed listing form');
        return fail(reply, 400, [
          { field: 'form', message: 'could not be read (malformed multipart data)' },
        ]);
      }
      if ('errors' in parsed) return fail(reply, 400, parsed.errors);
      const checked = checkListing(parsed.form);
      if (!checked.ok) return fail(reply, 400, checked.errors);
      const listing = checked.request;

      const duplicate = () =>
        fail(reply, 409, [
          { field: 'contract', message: `was already submitted for ${listing.network}` },
        ]);
      if (await findListing(app.db, listing.network, listing.contract)) return duplicate();

      const endpoints = chains.get(listing.network);
      let answer: ChainAnswer | undefined;
      if (endpoints?.length) {
        for (const endpoint of endpoints) {
          answer = await read(endpoint, listing.contract);
          if (answer.kind !== 'unreachable') break;
        }
        answer = answer!;
        const problem = chainError(listing.network, listing.name, answer);
        if (problem) {
          if (answer.kind === 'unreachable')
            request.log.warn(
              { network: listing.network, reason: answer.reason },
              'listing chain check unavailable',
            );
          return fail(reply, problem.status, [{ field: problem.field, message: problem.message }]);
        }
      }
      // The declared tax against the one the token takes (measured like the swap box does).
      const dex = dexes.get(listing.network);
      if (answer?.kind === 'token' && endpoints?.length && dex?.factory && dex.wrappedBase) {
        let taxed: TaxAnswer = { kind: 'no-pool' };
        for (const endpoint of endpoints) {
          taxed = await measure(endpoint, dex, hexAddressOf(listing.contract));
          if (taxed.kind !== 'unreachable') break;
        }
        const problem = taxError(listing.network, BigInt(listing.taxBps), taxed);
        if (problem)
          return fail(reply, problem.status, [{ field: problem.field, message: problem.message }]);
      }
      const facts = answer?.kind === 'token' ? answer.facts : undefined;
      const id = await insertListing(app.db, listing, facts, request.ip);
      // Two identical requests at once: the database's unique key lets exactly one in.
      if (id === undefined) return duplicate();
      request.log.info(
        { id, network: listing.network, contract: listing.contract },
        'listing stored',
      );
      return reply.code(200).send({ ok: true, id });
    },
  );
};
