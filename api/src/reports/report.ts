/**
 * Client reports: what the shell and the browsers' CSP reporting send to
 * `POST /v1/client-report`, their JSON schemas, and how each becomes a stored row. Pure: no
 * database, no fastify.
 */

export const REPORT_KINDS = [
  'remote-load',
  'integrity',
  'version-skew',
  'refused-base',
  'csp',
  // A node set aside by the browser: on another chain than its network's, or far behind.
  'node',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REMOTES = ['swap', 'liquidity', 'charts', 'pools', 'listing'] as const;
export type ReportRemote = (typeof REPORT_REMOTES)[number];

export const MAX_CAUSE = 500;
export const MAX_PAGE = 200;
export const MAX_VERSION = 40;
/** A released version ("1.4.2", "2.0.0-rc.1+abc"), as the shell writes it. */
export const VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+-]*$';
/** Rows one request may add (a Reporting API delivery is a batch); the rest is not stored. */
export const MAX_ROWS_PER_REQUEST = 20;

/** One stored report: exactly the columns of client_reports that a client fills. */
export interface ReportRow {
  kind: ReportKind;
  remote: ReportRemote | null;
  version: string | null;
  cause: string;
  page: string | null;
  release: string | null;
}

/** The shell's own report (application/json, or text/plain for navigator.sendBeacon). */
export interface ShellReport {
  kind: ReportKind;
  remote?: ReportRemote;
  version?: string;
  cause: string;
  page?: string;
  release?: string;
}

const version = { type: 'string', minLength: 1, maxLength: MAX_VERSION, pattern: VERSION_PATTERN };

/**
 * Unknown fields are allowed and dropped (only the fields below are read): a newer shell or
 * browser adding one is not refused.
 */
export const shellReportSchema = {
  type: 'object',
  required: ['kind', 'cause'],
  properties: {
    kind: { type: 'string', enum: REPORT_KINDS },
    remote: { type: 'string', enum: REPORT_REMOTES },
    version,
    // An empty cause (an Error without a message) is stored as "(empty)": the rest still tells.
    cause: { type: 'string', maxLength: MAX_CAUSE },
    // A path ("/pools"); a query string or fragment is cut off before it is stored.
    page: { type: 'string', maxLength: MAX_PAGE, pattern: '^/' },
    release: version,
  },
} as const;

const text = (max: number) => ({ type: 'string', maxLength: max });
/** A CSP directive's name ("script-src-elem"). */
export const DIRECTIVE_PATTERN = '^[a-z][a-z-]{0,59}$';
const directive = { type: 'string', pattern: DIRECTIVE_PATTERN };
const disposition = { type: 'string', enum: ['enforce', 'report'] };

/** `application/csp-report`: the CSP `report-uri` form (one violation per request). */
export const cspReportSchema = {
  type: 'object',
  required: ['csp-report'],
  properties: {
    'csp-report': {
      type: 'object',
      anyOf: [{ required: ['effective-directive'] }, { required: ['violated-directive'] }],
      properties: {
        'document-uri': text(4096),
        'blocked-uri': text(4096),
        'effective-directive': directive,
        // Older browsers write the whole directive here ("script-src 'self'").
        'violated-directive': text(4096),
        'source-file': text(4096),
        'line-number': { type: 'integer', minimum: 0 },
        disposition,
      },
    },
  },
} as const;

/** `application/reports+json`: a Reporting API delivery; types other than csp-violation are ignored. */
export const reportingApiSchema = {
  type: 'array',
  maxItems: 100,
  items: {
    type: 'object',
    required: ['type'],
    properties: { type: text(100) },
    if: { properties: { type: { const: 'csp-violation' } } },
    then: {
      required: ['body'],
      properties: {
        url: text(4096),
        body: {
          type: 'object',
          required: ['effectiveDirective'],
          properties: {
            documentURL: text(4096),
            blockedURL: text(4096),
            effectiveDirective: directive,
            sourceFile: text(4096),
            lineNumber: { type: 'integer', minimum: 0 },
            disposition,
          },
        },
      },
    },
  },
} as const;

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  if?: { properties?: Record<string, { const?: unknown }> };
  then?: JsonSchema;
};

/**
 * fastify's validator converts scalars to the declared type (`"cause": 5` would pass as "5").
 * Run before it: every value the schema declares a string, integer or object must already be
 * one. Returns the first wrong field as `body/...` (the validator's own wording), or null.
 */
export function wrongType(data: unknown, schema: JsonSchema, path = 'body'): string | null {
  const t = schema.type;
  if (data === undefined) return null;
  const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (t === 'string' && typeof data !== 'string') return `${path} must be string`;
  if (t === 'integer' && !Number.isInteger(data)) return `${path} must be integer`;
  if (t === 'object' && !isObject) return `${path} must be object`;
  if (t === 'array' && !Array.isArray(data)) return `${path} must be array`;
  if (Array.isArray(data) && schema.items) {
    for (let i = 0; i < data.length; i++) {
      const e = wrongType(data[i], schema.items, `${path}/${i}`);
      if (e) return e;
    }
  }
  if (isObject) {
    const record = data as Record<string, unknown>;
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      const e = wrongType(record[key], sub, `${path}/${key}`);
      if (e) return e;
    }
    // `if: {properties: {type: {const}}}` / `then`: the only conditional the schemas use.
    const conditions = Object.entries(schema.if?.properties ?? {});
    if (schema.then && conditions.every(([k, c]) => record[k] === c.const))
      return wrongType(data, schema.then, path);
  }
  return null;
}

// Each standing alone (not inside a longer word), once the text is decoded (see plainText): a
// transaction hash or TRON transaction id (64 hex, with or without 0x/0X), an EVM address (0x or
// 0X + 40 hex), a TRON address in hex (41 + 40 hex) or base58 (T + 33), and any other run of 40
// hex digits or more (calldata carries addresses without a prefix).
const HEX_PREFIX = '(?:0[xX])';
const ALONE_BEFORE = '(?<![0-9A-Za-z])';
const ALONE_AFTER = '(?![0-9A-Za-z])';
const TX_HASH = new RegExp(`${ALONE_BEFORE}${HEX_PREFIX}?[0-9a-fA-F]{64}${ALONE_AFTER}`, 'g');
const EVM_ADDRESS = new RegExp(`${ALONE_BEFORE}${HEX_PREFIX}[0-9a-fA-F]{40}${ALONE_AFTER}`, 'g');
const TRON_HEX_ADDRESS = new RegExp(`${ALONE_BEFORE}41[0-9a-fA-F]{40}${ALONE_AFTER}`, 'g');
const TRON_ADDRESS = /(?<![0-9A-Za-z])T[1-9A-HJ-NP-Za-km-z]{33}(?![0-9A-Za-z])/g;
const LONG_HEX = new RegExp(`${ALONE_BEFORE}${HEX_PREFIX}?[0-9a-fA-F]{40,}${ALONE_AFTER}`, 'g');
// A url's query string and fragment (in a cause: "failed to load https://x/remoteEntry.js?t=1").
const URL_TAIL = /\b((?:https?|wss?):\/\/[^\s?#]*)[?#][^\s]*/gi;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/**
 * Characters that change how a line reads without being seen: bidirectional controls (a cause
 * that shows "gro.example" reversed) and zero-width ones (an address split so that no pattern
 * sees it).
 */
export const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The text as a reader would see it: percent-encodings (also encoded twice: %2520), `\uXXXX`
 * and `\xXX` escapes and HTML character references decoded, invisible characters removed. An
 * address written "%200x..." or "\u00200x..." is then an address like any other.
 */
export function plainText(textIn: string): string {
  let text = textIn;
  for (let round = 0; round < 3; round += 1) {
    const next = text
      .replace(/(?:%[0-9a-fA-F]{2})+/g, utf8Bytes)
      .replace(
        /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g,
        (all, braced?: string, u?: string, x?: string) =>
          codePoint(parseInt((braced ?? u ?? x) as string, 16), all),
      )
      .replace(/&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));?/g, (all, hex?: string, dec?: string) =>
        codePoint(hex !== undefined ? parseInt(hex, 16) : parseInt(dec as string, 10), all),
      )
      .replace(/&(nbsp|amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] as string);
    if (next === text) break;
    text = next;
  }
  return text.replace(INVISIBLE, '');
}

const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** "%E2%80%AE" -> U+202E: a run of percent-encoded bytes read as UTF-8. */
function utf8Bytes(run: string): string {
  const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16));
  return new TextDecoder().decode(bytes);
}

const codePoint = (value: number, otherwise: string): string =>
  value <= 0x10ffff ? String.fromCodePoint(value) : otherwise;

/** Nothing that names a user: wallet addresses and transaction hashes become placeholders. */
export function scrub(textIn: string): string {
  return plainText(textIn)
    .replace(TX_HASH, '<hash>')
    .replace(TRON_HEX_ADDRESS, '<address>')
    .replace(EVM_ADDRESS, '<address>')
    .replace(TRON_ADDRESS, '<address>')
    .replace(LONG_HEX, '<data>');
}

/** A cause as stored: one line, urls without query strings, no addresses, at most 500 chars. */
export function cleanCause(cause: string): string {
  const out = scrub(plainText(cause).replace(CONTROL, ' ').replace(URL_TAIL, '$1'))
    .replace(/ {2,}/g, ' ')
    .trim();
  return out.slice(0, MAX_CAUSE) || '(empty)';
}

/** A page as stored: the path only (query string and fragment cut off), no addresses. */
export function cleanPage(page: string | undefined): string | null {
  if (page === undefined) return null;
  const path = scrub(
    plainText(page)
      .replace(/[?#].*$/s, '')
      .replace(CONTROL, ''),
  );
  return path.slice(0, MAX_PAGE) || '/';
}

export function fromShell(report: ShellReport): ReportRow {
  return {
    kind: report.kind,
    remote: report.remote ?? null,
    version: report.version ?? null,
    cause: cleanCause(report.cause),
    page: cleanPage(report.page),
    release: report.release ?? null,
  };
}

/** The path of a document's url ("/pools"), or null when it is not an http(s) url. */
function documentPath(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? cleanPage(u.pathname) : null;
  } catch {
    return null;
  }
}

/**
 * What was blocked, as the cause names it: the origin of a url (its path and query can carry
 * anything), the scheme of data:, blob: and extension urls, the browser's words (inline, eval,
 * wasm-eval, trusted-types-sink...) as they are.
 */
export function blockedName(blocked: string | undefined): string {
  const b = (blocked ?? '').trim();
  if (/^[a-z][a-z-]{0,39}$/.test(b)) return b;
  try {
    const u = new URL(b);
    if (/^(https?|wss?):$/.test(u.protocol)) return u.origin;
    return u.protocol.slice(0, -1).slice(0, 40);
  } catch {
    return 'unknown';
  }
}

/** Thrown for a report that passed the schema but cannot be read (a 400). */
export class ReportError extends Error {}

interface Violation {
  directive: string | undefined;
  blocked: string | undefined;
  document: string | undefined;
  disposition: string | undefined;
}

function fromViolation(v: Violation, where: string): ReportRow {
  // "script-src 'self'" (an old browser's violated-directive) -> "script-src".
  const directive = (v.directive ?? '').trim().split(/\s+/)[0] ?? '';
  if (!new RegExp(DIRECTIVE_PATTERN).test(directive))
    throw new ReportError(`${where} must name a CSP directive (like script-src-elem)`);
  const only = v.disposition === 'report' ? ' (report-only)' : '';
  return {
    kind: 'csp',
    remote: null,
    version: null,
    cause: cleanCause(`${directive} blocked ${blockedName(v.blocked)}${only}`),
    page: documentPath(v.document),
    release: null,
  };
}

export interface CspReport {
  'csp-report': {
    'document-uri'?: string;
    'blocked-uri'?: string;
    'effective-directive'?: string;
    'violated-directive'?: string;
    disposition?: string;
  };
}

export function fromCspReport(body: CspReport): ReportRow[] {
  const r = body['csp-report'];
  return [
    fromViolation(
      {
        directive: r['effective-directive'] || r['violated-directive'],
        blocked: r['blocked-uri'],
        document: r['document-uri'],
        disposition: r.disposition,
      },
      `body/csp-report/${r['effective-directive'] ? 'effective' : 'violated'}-directive`,
    ),
  ];
}

export type ReportingApiBatch = Array<{
  type: string;
  url?: string;
  body?: {
    documentURL?: string;
    blockedURL?: string;
    effectiveDirective?: string;
    disposition?: string;
  };
}>;

export function fromReportingApi(batch: ReportingApiBatch): ReportRow[] {
  const rows: ReportRow[] = [];
  batch.forEach((report, i) => {
    if (report.type !== 'csp-violation' || !report.body) return;
    const b = report.body;
    rows.push(
      fromViolation(
        {
          directive: b.effectiveDirective,
          blocked: b.blockedURL,
          document: b.documentURL ?? report.url,
          disposition: b.disposition,
        },
        `body/${i}/body/effectiveDirective`,
      ),
    );
  });
  return rows;
}
