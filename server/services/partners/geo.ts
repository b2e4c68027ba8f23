import { Country, State } from 'country-state-city';

// Country and state lists from the country-state-city package. The United States carries the
// spec's name ("United States of America", the default country).
const renamed: Readonly<Record<string, string>> = { US: 'United States of America' };

export interface CountryEntry {
  code: string;
  name: string;
}

let countries: CountryEntry[] | undefined;

export function allCountries(): CountryEntry[] {
  countries ??= Country.getAllCountries()
    .map((c) => ({ code: c.isoCode, name: renamed[c.isoCode] ?? c.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return countries;
}

export function findCountry(nameOrCode: string): CountryEntry | undefined {
  const value = nameOrCode.trim().toLowerCase();
  return allCountries().find(
    (c) => c.name.toLowerCase() === value || c.code.toLowerCase() === value,
  );
}

/** The state names of a country (empty for a country without states). */
export function statesOf(nameOrCode: string): string[] {
  const country = findCountry(nameOrCode);
  if (!country) return [];
  return State.getStatesOfCountry(country.code)
    .map((s) => s.name)
    .sort((a, b) => a.localeCompare(b));
}
