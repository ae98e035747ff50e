import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { ServiceCatalogue } from './services';
import { topUpRollingShifts } from './supply';

export const DEMO_PRACTITIONER_EMAIL = 'practitioner@demo.test';
export const DEMO_ROTA_DAYS = 7;

/** The public services a demo shift offers. */
export function slotServices(catalogue: ServiceCatalogue): string[] {
  return [...catalogue.values()].filter((s) => s.hasSlots && s.public).map((s) => s.service);
}

/** A week of shifts for the demo practitioner from today, topped up each day. */
export function topUpDemoRota(db: Db, clock: Clock, services: string[]): Promise<number> {
  return topUpRollingShifts(db, clock, { email: DEMO_PRACTITIONER_EMAIL, days: DEMO_ROTA_DAYS, services, languages: ['EN', 'DE'] });
}
