import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface DialCode {
  country: CountryCode;
  /** '+44' */
  dial: string;
  /** 'United Kingdom (+44)' in the page's language. */
  label: string;
}

/** Every country libphonenumber-js knows, with its dialling code, named in `locale`, sorted by name. */
export function dialCodes(locale: string): DialCode[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return getCountries()
    .map((country) => {
      const dial = `+${getCountryCallingCode(country)}`;
      return { country, dial, label: `${names.of(country) ?? country} (${dial})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** '+44' for 'GB'; '' for a code libphonenumber-js does not know. */
export function dialCodeOf(country: string): string {
  return getCountries().includes(country as CountryCode) ? `+${getCountryCallingCode(country as CountryCode)}` : '';
}
