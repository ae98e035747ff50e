import { asc, eq } from 'drizzle-orm';
import { COUNTRY_DEFAULTS, CountriesResponse, REFERENCE_MSG, type Country, type CreateCountryRequest, type UpdateCountryRequest } from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { countries, countryNcaAddresses, countryRestrictions, countryVaccineInformation } from '../../db/schema';
import { cachedJson } from './catalogue-cache';
import type { CommerceDeps } from './products';
import { changedFields, changeHistory, recordChange } from './reference';

/** Countries (spec 3 §2.4, §3): the record and its three linked records, read in one statement. */
function selectCountries(db: Db) {
  return db
    .select({ country: countries, nca: countryNcaAddresses, restriction: countryRestrictions, vaccine: countryVaccineInformation })
    .from(countries)
    .innerJoin(countryNcaAddresses, eq(countryNcaAddresses.id, countries.ncaAddressId))
    .innerJoin(countryRestrictions, eq(countryRestrictions.id, countries.restrictionId))
    .innerJoin(countryVaccineInformation, eq(countryVaccineInformation.id, countries.vaccineInformationId));
}
type CountryRow = Awaited<ReturnType<typeof selectCountries>>[number];

function present({ country, nca, restriction, vaccine }: CountryRow): Country {
  return {
    id: country.id,
    name: country.name,
    nca_address_id: nca.id,
    NCA_address: { address_5: nca.address5, email: nca.email },
    prohibited_schedule: country.prohibitedSchedule,
    prohibited_schedule_narcotics: country.prohibitedScheduleNarcotics,
    prohibited_schedule_psychotropics: country.prohibitedSchedulePsychotropics,
    recommendations: country.recommendations.map((recommendation) => ({ recommendation })),
    prohibitions: country.prohibitions,
    restriction_id: restriction.id,
    restriction: { narcotic: restriction.narcotic, psychotropic: restriction.psychotropic },
    vaccine_information_id: vaccine.id,
    vaccine_information: { most_travellers: vaccine.mostTravellers, recommended: vaccine.recommended },
  };
}

async function findCountry(db: Db, id: string): Promise<Country> {
  const [row] = await selectCountries(db).where(eq(countries.id, id.toUpperCase()));
  if (!row) throw notFound();
  return present(row);
}

/** Every country, by name. */
/** GET /country: every country with its linked records, by name, as the answer's JSON text; from memory until one changes. */
export function countriesJson(deps: CommerceDeps): Promise<string> {
  return cachedJson(deps.cache, deps.cache.countries, 'all', deps.clock.now(), CountriesResponse, async () => {
    const rows = await selectCountries(deps.db).orderBy(asc(countries.name), asc(countries.id));
    return { success: true as const, countries: rows.map(present) };
  });
}

export function getCountry(deps: CommerceDeps, id: string): Promise<Country> {
  return findCountry(deps.db, id);
}

/** Creates a country with its linked records; what is left out takes the defaults of spec 3 §3. A code in use is 409. */
export async function createCountry(deps: CommerceDeps, caller: SignedInCaller, input: CreateCountryRequest): Promise<Country> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [nca] = await tx
      .insert(countryNcaAddresses)
      .values({ address5: input.NCA_address?.address_5 ?? '', email: input.NCA_address?.email ?? '' })
      .returning({ id: countryNcaAddresses.id });
    const [restriction] = await tx
      .insert(countryRestrictions)
      .values({ narcotic: input.restriction?.narcotic ?? COUNTRY_DEFAULTS.restriction, psychotropic: input.restriction?.psychotropic ?? COUNTRY_DEFAULTS.restriction })
      .returning({ id: countryRestrictions.id });
    const [vaccine] = await tx
      .insert(countryVaccineInformation)
      .values({ mostTravellers: input.vaccine_information?.most_travellers ?? COUNTRY_DEFAULTS.vaccineInformation, recommended: input.vaccine_information?.recommended ?? COUNTRY_DEFAULTS.vaccineInformation })
      .returning({ id: countryVaccineInformation.id });
    const [created] = await tx
      .insert(countries)
      .values({
        id: input.id,
        name: input.name,
        ncaAddressId: nca!.id,
        restrictionId: restriction!.id,
        vaccineInformationId: vaccine!.id,
        prohibitedSchedule: input.prohibited_schedule,
        prohibitedScheduleNarcotics: input.prohibited_schedule_narcotics,
        prohibitedSchedulePsychotropics: input.prohibited_schedule_psychotropics,
        recommendations: input.recommendations.map((r) => r.recommendation),
        prohibitions: input.prohibitions ?? [COUNTRY_DEFAULTS.prohibition],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: countries.id });
    // The linked rows roll back with the transaction.
    if (!created) throw conflict(REFERENCE_MSG.countryExists);
    const country = await findCountry(tx, created.id);
    await recordChange(deps, tx, caller, 'country', country.id, 'created', Object.keys(input));
    return country;
  });
}

/** Changes the given fields of a country and its linked records; the code stays. */
export async function updateCountry(deps: CommerceDeps, caller: SignedInCaller, id: string, patch: UpdateCountryRequest): Promise<Country> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(countries).where(eq(countries.id, id.toUpperCase())).for('update');
    if (!locked) throw notFound();
    const before = await findCountry(tx, locked.id);
    await tx
      .update(countries)
      .set({
        name: patch.name,
        prohibitedSchedule: patch.prohibited_schedule,
        prohibitedScheduleNarcotics: patch.prohibited_schedule_narcotics,
        prohibitedSchedulePsychotropics: patch.prohibited_schedule_psychotropics,
        recommendations: patch.recommendations?.map((r) => r.recommendation),
        prohibitions: patch.prohibitions,
        updatedAt: deps.clock.now(),
      })
      .where(eq(countries.id, locked.id));
    if (patch.NCA_address) await tx.update(countryNcaAddresses).set({ address5: patch.NCA_address.address_5, email: patch.NCA_address.email }).where(eq(countryNcaAddresses.id, locked.ncaAddressId));
    if (patch.restriction) await tx.update(countryRestrictions).set(patch.restriction).where(eq(countryRestrictions.id, locked.restrictionId));
    if (patch.vaccine_information)
      await tx
        .update(countryVaccineInformation)
        .set({ mostTravellers: patch.vaccine_information.most_travellers, recommended: patch.vaccine_information.recommended })
        .where(eq(countryVaccineInformation.id, locked.vaccineInformationId));
    const after = await findCountry(tx, locked.id);
    await recordChange(deps, tx, caller, 'country', locked.id, 'updated', changedFields(before, after));
    return after;
  });
}

/** Deletes a country and its linked records. */
export async function deleteCountry(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(countries).where(eq(countries.id, id.toUpperCase())).returning();
    if (!gone) throw notFound();
    await tx.delete(countryNcaAddresses).where(eq(countryNcaAddresses.id, gone.ncaAddressId));
    await tx.delete(countryRestrictions).where(eq(countryRestrictions.id, gone.restrictionId));
    await tx.delete(countryVaccineInformation).where(eq(countryVaccineInformation.id, gone.vaccineInformationId));
    await recordChange(deps, tx, caller, 'country', gone.id, 'deleted', []);
  });
}

/** A country's changes (the country may since have been deleted). */
export function countryHistory(deps: CommerceDeps, id: string) {
  return changeHistory(deps, 'country', id.toUpperCase());
}
