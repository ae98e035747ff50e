/** Money on the wire is integer pence (cents for USD); these show it. */
export type Currency = 'GBP' | 'USD';

const FORMATS = new Map<string, Intl.NumberFormat>();

/** An amount in pence as '£12.50' ('$12.50' in dollars), in the interface's locale. */
export function formatPence(pence: number, currency: Currency = 'GBP', locale = 'en-GB'): string {
  const key = `${locale}|${currency}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    FORMATS.set(key, format);
  }
  return format.format(pence / 100);
}

/** A price the catalogue answers in pounds (dollars) as whole pence: 29.99 → 2999, without floating-point dust. */
export function poundsAsPence(pounds: number): number {
  return Math.round(pounds * 100);
}
