import { eq } from 'drizzle-orm';
import {
  CODE_MSG,
  PARTNER_MSG,
  PHARMACY_SOURCE,
  type OrderCurrency,
  partnerCodeError,
  partnerPagePath,
  pharmacyCodeError,
  pharmacyCodeSku,
  productSlug,
  type Partner,
  type PartnerData,
  type PartnerKind,
  type PartnerLanguage,
  type PartnerService,
  type PublicPartner,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, badRequest, notFound, sqlStateOf } from '../../platform/errors';
import { partners } from '../../db/schema';
import type { PartnersDeps } from './deps';
import { findPartnerBy, findPartnerRow, knownSkus, listPartnerRows, type PartnerRow } from './repo';

function present(row: PartnerRow): Partner {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    source: row.source,
    kind: row.kind as PartnerKind,
    service: row.service as PartnerService,
    language: row.language as PartnerLanguage,
    home_page_url: row.homePageUrl,
    logo: row.logo,
    code_prefixes: row.codePrefixes,
    url: partnerPagePath(row.slug),
    updated_at: epochSeconds(row.updatedAt),
  };
}

/** The booking service's name: video_gp_product is video_gp_{product} (the configured name, as orders' booking links spell it). */
export function serviceName(service: PartnerService, productName: string): string {
  if (service !== 'video_gp_product') return service;
  return `video_gp_${productSlug(productName)}`;
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function readPartner(db: Db, id: string): Promise<PartnerRow> {
  const row = isUuid(id) ? await findPartnerRow(db, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function listPartners(deps: PartnersDeps): Promise<Partner[]> {
  return (await listPartnerRows(deps.db)).map(present);
}

export async function getPartner(deps: PartnersDeps, id: string): Promise<Partner> {
  return present(await readPartner(deps.db, id));
}

const taken = (field: 'slug' | 'source') => {
  const message = field === 'slug' ? PARTNER_MSG.slugTaken : PARTNER_MSG.sourceTaken;
  return new AppError(409, message, { [field]: message });
};

/** 400 when a rule names a SKU the catalogue does not sell; 409 when another partner has the page address or the label (any case), or the label is the pharmacy form's. */
async function checkInput(db: Db, input: PartnerData, id: string | null): Promise<void> {
  if (input.source.toLowerCase() === PHARMACY_SOURCE.toLowerCase()) throw taken('source');
  const known = await knownSkus(
    db,
    input.code_prefixes.map((rule) => rule.sku),
  );
  const unknown = input.code_prefixes.findIndex((rule) => !known.has(rule.sku));
  if (unknown >= 0) throw badRequest(PARTNER_MSG.product, { [`code_prefixes.${unknown}.sku`]: PARTNER_MSG.product });
  for (const field of ['slug', 'source'] as const) {
    const other = await findPartnerBy(db, field, input[field]);
    if (other && other.id !== id) throw taken(field);
  }
}

function valuesOf(input: PartnerData) {
  return {
    name: input.name,
    slug: input.slug,
    source: input.source,
    kind: input.kind,
    service: input.service,
    language: input.language,
    homePageUrl: input.home_page_url,
    logo: input.logo,
    codePrefixes: input.code_prefixes,
  };
}

const UNIQUE_VIOLATION = '23505';

/** Another change took the address or the label between the check and the write: say which. */
async function uniqueClash(db: Db, input: PartnerData, id: string | null, error: unknown): Promise<never> {
  if (sqlStateOf(error) !== UNIQUE_VIOLATION) throw error;
  const slugOwner = await findPartnerBy(db, 'slug', input.slug);
  throw taken(slugOwner && slugOwner.id !== id ? 'slug' : 'source');
}

export async function createPartner(deps: PartnersDeps, caller: SignedInCaller, input: PartnerData): Promise<Partner> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await checkInput(tx, input, null);
      const [row] = await tx
        .insert(partners)
        .values({ ...valuesOf(input), createdAt: now, updatedAt: now })
        .returning();
      await deps.audit.record({ action: 'partner.created', outcome: 'success', resourceType: 'partner', resourceId: row!.id, details: { fields: Object.keys(input) } }, caller, tx);
      return present(row!);
    });
  } catch (error) {
    return uniqueClash(deps.db, input, null, error);
  }
}

/** PUT: the whole record. The audit keeps the names of the fields that changed, never their values. */
export async function updatePartner(deps: PartnersDeps, caller: SignedInCaller, id: string, input: PartnerData): Promise<Partner> {
  try {
    return await deps.db.transaction(async (tx) => {
      const before = present(await readPartner(tx, id));
      await checkInput(tx, input, id);
      const [row] = await tx
        .update(partners)
        .set({ ...valuesOf(input), updatedAt: deps.clock.now() })
        .where(eq(partners.id, id))
        .returning();
      const after = present(row!);
      const fields = (Object.keys(input) as (keyof PartnerData)[]).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
      await deps.audit.record({ action: 'partner.updated', outcome: 'success', resourceType: 'partner', resourceId: id, details: { fields } }, caller, tx);
      return after;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return uniqueClash(deps.db, input, id, error);
  }
}

/** GET /partner-page/{slug}: what the partner's booking page needs, the service by its booking name; unknown: 404. */
export async function publicPartner(deps: PartnersDeps, slug: string): Promise<PublicPartner> {
  const row = await findPartnerBy(deps.db, 'slug', slug);
  if (!row) throw notFound();
  const { name, source, language, logo, code_prefixes, kind, home_page_url, service } = present(row);
  return { name, slug: row.slug, source, kind, language, logo, code_prefixes, home_page_url, service: serviceName(service, deps.productName) };
}

/**
 * The code rules of an order's source (issue 18: the server checks what the forms check). An order
 * from the pharmacy form (`pharmacy`: GBP for the source Pharmacy, USD for its US variant
 * {product}-us, placed by pharmacy staff; null for any other order), or from a partner's label,
 * paid with a code: the pharmacy's codes start with ANT, PFF or ATE and prepay the product their
 * prefix names in the form's currency; a partner's codes fit its rule for one of the basket's
 * products. Null when the code fits (or the source has no rules); else the message.
 */
export async function sourceCodeError(db: Db, source: string, code: string, skus: readonly string[], pharmacy: OrderCurrency | null): Promise<string | null> {
  if (source === PHARMACY_SOURCE || pharmacy) {
    if (pharmacyCodeError(code)) return CODE_MSG.invalidPrefix;
    const sku = pharmacyCodeSku(code, pharmacy ?? 'GBP');
    return sku && skus.includes(sku) ? null : CODE_MSG.otherTestType;
  }
  const partner = await findPartnerBy(db, 'source', source);
  if (!partner) return null;
  const rules = { kind: partner.kind as PartnerKind, code_prefixes: partner.codePrefixes };
  const errors = skus.map((sku) => partnerCodeError(rules, sku, code));
  return errors.includes(null) ? null : (errors[0] ?? CODE_MSG.otherTestType);
}

/** A partner page's code rules and order source, by its slug (any case); null for an unknown page. */
export async function partnerPageRules(db: Db, slug: string): Promise<{ source: string; kind: PartnerKind; code_prefixes: Partner['code_prefixes'] } | null> {
  const row = await findPartnerBy(db, 'slug', slug);
  return row ? { source: row.source, kind: row.kind as PartnerKind, code_prefixes: row.codePrefixes } : null;
}
