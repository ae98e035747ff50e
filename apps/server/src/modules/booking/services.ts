import { productSlug, type RoleName, type ServiceInfo } from '@vireo/contracts';
import type { AuthContext } from '../../platform/access';

/**
 * The services Vireo books (spec 2 §3 appointment types), their prices and who may book them.
 * The spec gives no prices; these are Vireo's list prices in pence (GBP).
 */
export interface ServiceDefinition {
  service: string;
  label: string;
  pricePence: number;
  /** Roles whose organisation covers this service: they book it at no charge. */
  coveredFor: readonly RoleName[];
  /** Bookable by anyone through the public wizard (false: partner flows only). */
  public: boolean;
  /** Chosen in the calendar; false for self_swab, which has no time. */
  hasSlots: boolean;
  language: 'EN' | 'DE';
  /** The zone the service's times are shown and booked in (a booking's tz_location unless it names another). */
  timeZone: string;
  /** A video-guided test: the customer takes the test kit into the call (the landing page asks for it). */
  testKit: boolean;
}

export type ServiceCatalogue = ReadonlyMap<string, ServiceDefinition>;

/** "{product}" in service names is the product name in lower case, letters and digits only. */
export function productServiceName(productName: string): string {
  return `video_gp_${productSlug(productName)}`;
}

export function buildServiceCatalogue(productName: string): ServiceCatalogue {
  const definitions: ServiceDefinition[] = [
    { service: 'video_gp', label: 'Video GP consultation', pricePence: 4500, coveredFor: ['patient'], public: true, hasSlots: true, language: 'EN', timeZone: 'Europe/London', testKit: false },
    { service: productServiceName(productName), label: `${productName} video-guided antigen test`, pricePence: 2900, coveredFor: [], public: true, hasSlots: true, language: 'EN', timeZone: 'Europe/London', testKit: true },
    { service: 'video_gp_euro', label: 'Video-guided antigen test (Europe)', pricePence: 2900, coveredFor: [], public: true, hasSlots: true, language: 'DE', timeZone: 'Europe/Berlin', testKit: true },
    { service: 'video_gp_tui', label: 'Holiday partner video-guided antigen test', pricePence: 2500, coveredFor: [], public: false, hasSlots: true, language: 'EN', timeZone: 'Europe/London', testKit: true },
    { service: 'self_swab', label: 'Self-swab test registration', pricePence: 0, coveredFor: [], public: false, hasSlots: false, language: 'EN', timeZone: 'Europe/London', testKit: true },
  ];
  return new Map(definitions.map((d) => [d.service, d]));
}

/** What this caller pays for one appointment of the service, in pence. */
export function costFor(definition: ServiceDefinition, auth: AuthContext | null): number {
  if (auth && auth.roles.some((role) => definition.coveredFor.includes(role.name))) return 0;
  return definition.pricePence;
}

export function describeService(definition: ServiceDefinition, auth: AuthContext | null): ServiceInfo {
  return {
    service: definition.service,
    label: definition.label,
    cost: costFor(definition, auth),
    currency: 'GBP',
    has_slots: definition.hasSlots,
    public: definition.public,
    language: definition.language,
    time_zone: definition.timeZone,
    test_kit: definition.testKit,
  };
}

/** The public services that offer slots: what a shift offers unless told otherwise (the rota, the demo rota). */
export function slotServices(catalogue: ServiceCatalogue): string[] {
  return [...catalogue.values()].filter((s) => s.hasSlots && s.public).map((s) => s.service);
}
