/**
 * `POST /v1/client-report`: the shell tells what users get (a remote that did not
 * load, an integrity or version mismatch, a refused base url), browsers send their CSP
 * violations. Stored in client_reports, read with `npm run reports`. An encapsulated plugin: its
 * content-type parsers and rate limit apply to this route only.
 *
 * Accepted: `application/json` and `text/plain` (the shell's report as JSON; text/plain lets
 * navigator.sendBeacon post without a CORS preflight), `application/csp-report` (CSP report-uri),
 * `application/reports+json` (Reporting API; only csp-violation reports are kept). 204 when
 * stored; 400 bad input, 413 over 16 KiB, 415 another content type, 429 rate limited, 503 the
 * database is away. Nothing about the client is stored: not its address, not its user agent.
 */
import rateLimit from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, HttpError } from '../plugins/errors';
import {
  cspReportSchema,
  fromCspReport,
  fromReportingApi,
  fromShell,
  MAX_ROWS_PER_REQUEST,
  ReportError,
  reportingApiSchema,
  shellReportSchema,
  wrongType,
  type CspReport,
  type ReportingApiBatch,
  type ReportRow,
  type ShellReport,
} from '../reports/report';
import { insertReports } from '../reports/store';

/**
 * Whose requests count together for the rate limit: an IPv4 address (also written as IPv6,
 * ::ffff:203.0.113.7), or the /64 an IPv6 address is in: one subscriber gets a whole /64 and
 * could take a new address for every request.
 */
export function rateLimitKey(ip: string): string {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip.replace(/%.*$/, ''));
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

export interface ClientReportOptions {
  /** Requests per client address (IPv6: per /64) and window (default 60 per minute). */
  rateLimit?: { max: number; timeWindow: number | string };
}

/** The whole body. */
export const MAX_REPORT_BYTES = 16 * 1024;

/** Each accepted content type and the schema of its body. */
const SCHEMAS = {
  'application/json': shellReportSchema,
  'text/plain': shellReportSchema,
  'application/csp-report': cspReportSchema,
  'application/reports+json': reportingApiSchema,
} as const;
type MediaType = keyof typeof SCHEMAS;
const MEDIA_TYPES = Object.keys(SCHEMAS) as MediaType[];

const UNSUPPORTED = `Send a client report as ${MEDIA_TYPES.join(', ')} (a JSON body)`;

/** What a pattern means, by the field's name: said in words instead of the regular expression. */
const PATTERN_MEANS: Record<string, string> = {
  page: 'must be a path starting with "/" (like /pools)',
  version: 'must be a version like 1.4.2 (letters, digits, ".", "+", "-")',
  release: 'must be a version like 1.4.2 (letters, digits, ".", "+", "-")',
  'effective-directive': 'must name a CSP directive (like script-src-elem)',
  effectiveDirective: 'must name a CSP directive (like script-src-elem)',
};

/** The validator's first error as `body/<field> <what is wrong>`, patterns said in words. */
function schemaError(
  errors: Array<{
    instancePath: string;
    keyword: string;
    message?: string;
    params?: { allowedValues?: unknown[] };
  }>,
  dataVar: string,
): Error {
  const anyOf = errors.find((e) => e.keyword === 'anyOf');
  if (anyOf)
    return new Error(
      `${dataVar}${anyOf.instancePath} must have effective-directive or violated-directive`,
    );
  const first = errors[0] ?? { instancePath: '', keyword: '', message: 'is not valid' };
  const field = first.instancePath.split('/').at(-1) ?? '';
  const allowed = first.keyword === 'enum' ? first.params?.allowedValues : undefined;
  const message =
    (first.keyword === 'pattern' && PATTERN_MEANS[field]) ||
    (allowed && `must be one of ${allowed.join(', ')}`) ||
    first.message;
  return new Error(`${dataVar}${first.instancePath} ${message}`);
}

function rowsOf(mediaType: MediaType, body: unknown): ReportRow[] {
  switch (mediaType) {
    case 'application/csp-report':
      return fromCspReport(body as CspReport);
    case 'application/reports+json':
      return fromReportingApi(body as ReportingApiBatch);
    default:
      return [fromShell(body as ShellReport)];
  }
}

export const clientReportPlugin: FastifyPluginAsync<{
  clientReports?: ClientReportOptions;
}> = async (app, opts) => {
  // In memory only (the plugin's default store): the client's address is a key there for one
  // window, never written anywhere.
  await app.register(rateLimit, {
    global: false,
    max: opts.clientReports?.rateLimit?.max ?? 60,
    timeWindow: opts.clientReports?.rateLimit?.timeWindow ?? '1 minute',
    keyGenerator: (req) => rateLimitKey(req.ip),
  });

  // This route's parsers only: every accepted type is JSON, anything else a 415 that says so.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    MEDIA_TYPES,
    { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES },
    (req, body, done) => {
      if (body === '') return done(new HttpError(400, 'The body is empty: send a JSON report'));
      try {
        // JSON.parse keeps "__proto__" an ordinary key; only the known fields are read.
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, `The body is not JSON (${req.mediaType} is read as JSON)`));
      }
    },
  );
  app.addContentTypeParser('*', (_req, _payload, done) => done(new HttpError(415, UNSUPPORTED)));

  app.post(
    '/v1/client-report',
    {
      config: { rateLimit: {} },
      bodyLimit: MAX_REPORT_BYTES,
      schema: {
        body: {
          content: Object.fromEntries(MEDIA_TYPES.map((t) => [t, { schema: SCHEMAS[t] }])),
        },
        response: { 204: { type: 'null' }, '4xx': errorSchema, 503: errorSchema },
      },
      schemaErrorFormatter: schemaError,
      // Before the validator, which would turn `"cause": 5` into "5": types must be as sent.
      preValidation: async (req) => {
        const type = req.mediaType as MediaType | undefined;
        if (!type || !Object.hasOwn(SCHEMAS, type)) throw new HttpError(415, UNSUPPORTED);
        const wrong = wrongType(req.body, SCHEMAS[type]);
        if (wrong) throw new HttpError(400, wrong);
      },
    },
    async (req, reply) => {
      let rows: ReportRow[];
      try {
        rows = rowsOf(req.mediaType as MediaType, req.body);
      } catch (e) {
        if (e instanceof ReportError) throw new HttpError(400, e.message);
        throw e;
      }
      // A Reporting API batch may hold many violations: the first 20 are kept.
      rows = rows.slice(0, MAX_ROWS_PER_REQUEST);
      await insertReports(app.db, rows);
      for (const r of rows) app.metrics.clientReports.inc({ kind: r.kind, remote: r.remote ?? '' });
      return reply.code(204).send();
    },
  );
};
