/**
 * The api's one logger: pino, one JSON object per line on stdout (`level` as pino's number:
 * 20 debug, 30 info, 40 warn, 50 error; `time` in ms; `msg`; plus the fields of each line), the
 * format of jmswap-serve's access lines (mf-config/src/observe.js). fastify uses it for its request lines (`reqId`), the indexers
 * for theirs (`network`). Level from LOG_LEVEL / --log-level (default info).
 *
 * What never reaches a line at info level or above: query strings and request urls (the route's
 * pattern is logged instead: `/v1/history/:net/account/:address/trades`, never the wallet),
 * request headers, client addresses, node urls past their host (they often carry an API key),
 * the database url. The redact list below is a second line of defence for fields that should
 * not be logged at all.
 */
import pino, { type BaseLogger, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';
/** What the indexer and the node pool write to: a pino logger, fastify's included. */
export type LineLogger = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export const LOG_LEVELS: LevelWithSilent[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** Fields that are never written, wherever they appear in a line. */
export const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'token',
  '*.token',
  'adminToken',
  'password',
  '*.password',
  'databaseUrl',
  'DATABASE_URL',
];

export function parseLogLevel(text: string | undefined): LevelWithSilent {
  const level = (text ?? '').trim().toLowerCase() || 'info';
  if ((LOG_LEVELS as string[]).includes(level)) return level as LevelWithSilent;
  throw new Error(`LOG_LEVEL / --log-level: "${text}" is not one of ${LOG_LEVELS.join(', ')}`);
}

export interface LoggerOptions {
  level?: LevelWithSilent;
  /**
   * Where the lines go. Default stdout, written asynchronously in chunks of 4 KB (one write per
   * ~20 request lines under load instead of one each), flushed every 250 ms and on exit.
   */
  destination?: pino.DestinationStream;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: { service: 'jmswap-api' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    opts.destination ?? bufferedStdout(),
  );
}

/** stdout through sonic-boom: 4 KB chunks, flushed at least every 250 ms (and at exit). */
function bufferedStdout(): pino.DestinationStream {
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      dest.flush();
    } catch {
      // a flush already under way
    }
  }, 250).unref();
  return dest;
}

/**
 * Ends the process once every line logged so far is written, in order. `process.exit` alone
 * writes the buffered lines at once, ahead of a chunk the thread pool is still writing: the last
 * lines of a busy process come out of order, or not at all. A stdout nobody reads holds the exit
 * `boundMs` at most.
 */
export function exitWhenLogged(logger: Logger, code: number, boundMs = 2000): void {
  const exit = () => process.exit(code);
  setTimeout(exit, boundMs);
  try {
    logger.flush(exit);
  } catch {
    exit();
  }
}

/** A logger that writes nothing (tests, library use). */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * A node url as it may appear in logs and metric labels: its origin only (scheme, host, port).
 * Paths and query strings of RPC providers often hold the API key.
 */
export function nodeLabel(url: string): string {
  try {
    return new URL(url).host || 'node';
  } catch {
    return 'node';
  }
}
