/** A departure city of Travel Details: its zone (the travel times are its local times) and its country (iso2). */
export interface City {
  name: string;
  timezone: string;
  iso2: string;
}

/** Westminster first: the default city and zone (spec 2 §9, spec 3 §9). */
export const DEFAULT_CITY = 'Westminster';

export const CITIES: readonly City[] = [
  { name: 'Westminster', timezone: 'Europe/London', iso2: 'GB' },
  { name: 'Belfast', timezone: 'Europe/London', iso2: 'GB' },
  { name: 'Birmingham', timezone: 'Europe/London', iso2: 'GB' },
  { name: 'Edinburgh', timezone: 'Europe/London', iso2: 'GB' },
  { name: 'Manchester', timezone: 'Europe/London', iso2: 'GB' },
  { name: 'Amsterdam', timezone: 'Europe/Amsterdam', iso2: 'NL' },
  { name: 'Berlin', timezone: 'Europe/Berlin', iso2: 'DE' },
  { name: 'Dubai', timezone: 'Asia/Dubai', iso2: 'AE' },
  { name: 'Dublin', timezone: 'Europe/Dublin', iso2: 'IE' },
  { name: 'Frankfurt', timezone: 'Europe/Berlin', iso2: 'DE' },
  { name: 'Los Angeles', timezone: 'America/Los_Angeles', iso2: 'US' },
  { name: 'Madrid', timezone: 'Europe/Madrid', iso2: 'ES' },
  { name: 'Munich', timezone: 'Europe/Berlin', iso2: 'DE' },
  { name: 'New York', timezone: 'America/New_York', iso2: 'US' },
  { name: 'Orlando', timezone: 'America/New_York', iso2: 'US' },
  { name: 'Paris', timezone: 'Europe/Paris', iso2: 'FR' },
  { name: 'Rome', timezone: 'Europe/Rome', iso2: 'IT' },
];

export const cityNamed = (name: string): City | undefined => CITIES.find((city) => city.name === name);
