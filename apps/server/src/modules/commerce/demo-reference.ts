import { sql } from 'drizzle-orm';
import { CreateCountryRequest, DrugRequest } from '@vireo/contracts';
import { SYSTEM_CALLER } from '../../platform/caller';
import { countries, drugs } from '../../db/schema';
import { createCountry } from './countries';
import { createDrug } from './drugs';
import type { CommerceDeps } from './products';

/** Countries the demo's travellers look up (Countries Management, the symptom checker's travel advice). */
const DEMO_COUNTRIES = [
  {
    id: 'ESP',
    name: 'Spain',
    prohibited_schedule: 2,
    prohibited_schedule_narcotics: [1, 2],
    prohibited_schedule_psychotropics: [1],
    recommendations: [{ recommendation: 'Carry a copy of your prescription in Spanish or English.' }],
  },
  {
    id: 'ARE',
    name: 'United Arab Emirates',
    prohibited_schedule: 1,
    prohibited_schedule_narcotics: [1, 2, 3],
    prohibited_schedule_psychotropics: [1, 2],
    recommendations: [{ recommendation: 'Ask for approval before travelling with controlled medicines.' }, { recommendation: 'Keep medicines in their original packaging.' }],
  },
  { id: 'USA', name: 'United States', prohibited_schedule: 1, prohibited_schedule_narcotics: [1], prohibited_schedule_psychotropics: [], recommendations: [] },
] as const;

/** Medicines of the drug register, some offered in the autocomplete of the health questions. */
const DEMO_DRUGS = [
  { name: 'Codeine', base_component: 'Codeine phosphate', type: 'Opioid', class: 2, show_in_autocomplete: true },
  { name: 'Diazepam', base_component: 'Diazepam', type: 'Benzodiazepine', class: 4, show_in_autocomplete: true },
  { name: 'Tramadol', base_component: 'Tramadol hydrochloride', type: 'Opioid', class: 3, show_in_autocomplete: true },
  { name: 'Paracetamol', base_component: 'Paracetamol', type: 'Analgesic', class: 0, show_in_autocomplete: false },
] as const;

/** Serialises the demo's reference data when several processes start on one empty database. */
const SEED_LOCK = 72_190_406;

/**
 * The demo's countries and drugs, once: a register that already has any is left as it is. Made as
 * Countries and Drugs Management make them (with their linked records and change history), by the system.
 */
export async function seedDemoReferenceData(deps: CommerceDeps): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [country] = await tx.select({ id: countries.id }).from(countries).limit(1);
    const [drug] = await tx.select({ id: drugs.id }).from(drugs).limit(1);
    if (country || drug) return false;
    const inTransaction = { ...deps, db: tx };
    for (const input of DEMO_COUNTRIES) await createCountry(inTransaction, SYSTEM_CALLER, CreateCountryRequest.parse(input));
    for (const input of DEMO_DRUGS) await createDrug(inTransaction, SYSTEM_CALLER, DrugRequest.parse(input));
    return true;
  });
}
