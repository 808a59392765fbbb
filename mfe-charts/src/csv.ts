/** CSV exports (RFC 4180), safe to open in a spreadsheet. */

export type CsvValue = string | number | null | undefined;

/**
 * One cell. A text starting with = + - @ (or a tab or carriage return) would run as a formula in
 * a spreadsheet, so it gets a leading apostrophe (OWASP "CSV injection"); a cell with a comma, a
 * quote or a line break is quoted and its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: readonly string[], rows: readonly CsvValue[][]): string =>
  [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Saves a CSV text as a file through the browser's download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `2026-11-23T12:34:56.000Z`: one unambiguous time for tax tools. */
export const isoDate = (ms: number): string => new Date(ms).toISOString();
