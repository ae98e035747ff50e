/**
 * One CSV cell: a text a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * first) gets a leading ', and a cell with a quote, comma or line break is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text: CRLF line ends, every cell through `csvCell`. */
export function csvText(lines: readonly (readonly string[])[]): string {
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
