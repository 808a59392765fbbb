// Test helpers: a logger whose JSON lines land in an array, and Prometheus text parsing.
import { createLogger, type Logger } from '../log';

export interface LogLine {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

/** A pino logger (debug and up) writing into `lines`. */
export function memoryLogger(level: 'debug' | 'info' = 'debug'): {
  logger: Logger;
  lines: LogLine[];
} {
  const lines: LogLine[] = [];
  const logger = createLogger({
    level,
    destination: { write: (text: string) => void lines.push(JSON.parse(text) as LogLine) },
  });
  return { logger, lines };
}

/** pino's level numbers. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** JSON log lines of a process's stdout text (other lines are skipped). */
export function parseLogLines(text: string): LogLine[] {
  const out: LogLine[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(JSON.parse(line) as LogLine);
    } catch {
      // a partial line
    }
  }
  return out;
}

/**
 * The value of one sample of a Prometheus text exposition: `name` with at least these labels
 * (undefined when there is none). Sums the samples that match when several do.
 */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map<string, string>();
    for (const l of (m[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) have.set(l[1]!, l[2]!);
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v))
      total = (total ?? 0) + Number(m[4]);
  }
  return total;
}

export async function waitFor(
  what: string,
  pred: () => Promise<boolean> | boolean,
  ms = 60_000,
  every = 100,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
