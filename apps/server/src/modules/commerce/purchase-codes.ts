import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CODE_MSG,
  PURCHASE_CODE_ALPHABET,
  PURCHASE_CODE_MSG,
  PURCHASE_CODE_RANDOM_LENGTH,
  builtInPrefixSkus,
  usedUpCodeMessage,
  currencyOf,
  londonIsoDay,
  pharmacySourceCurrency,
  type PurchaseCodeBatch,
  type PurchaseCodeBatchData,
  type CodeFlow,
  type PurchaseCodeInfo,
} from '@vireo/contracts';
import type { SignedInCaller } from '../../platform/caller';
import { epochSeconds } from '../../platform/clock';
import { rowsOf, type Db } from '../../platform/db';
import { hasPermission } from '../../platform/access';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { orderCodeUses, orderItems, orders, products, purchaseCodeBatches, purchaseCodes } from '../../db/schema';
import { sourceCodeError } from '../partners';
import type { CommerceDeps } from './products';

type BatchRow = typeof purchaseCodeBatches.$inferSelect;
type CodeRow = typeof purchaseCodes.$inferSelect;

/** A code with no use left today (used up, or past its batch's last day), in `flow`'s words (contracts' `usedUpCodeMessage`: spec 2 §5, spec 3 §7). */
function usedUpCode(flow: CodeFlow): AppError {
  const message = usedUpCodeMessage(flow);
  return new AppError(400, message, { code: message });
}

/**
 * `count` random parts of PURCHASE_CODE_RANDOM_LENGTH symbols from crypto's random bytes: the
 * alphabet has 32 symbols, so each byte's low 5 bits pick one without bias.
 */
export function randomCodeParts(count: number): string[] {
  const bytes = randomBytes(count * PURCHASE_CODE_RANDOM_LENGTH);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    let part = '';
    for (let j = 0; j < PURCHASE_CODE_RANDOM_LENGTH; j++) part += PURCHASE_CODE_ALPHABET[bytes[i * PURCHASE_CODE_RANDOM_LENGTH + j]! & 31];
    parts.push(part);
  }
  return parts;
}

interface BatchSummary {
  batch: BatchRow;
  sku: string;
  title: string;
  used: number;
  left: number;
}

function presentBatch({ batch, sku, title, used, left }: BatchSummary): PurchaseCodeBatch {
  return {
    id: batch.id,
    name: batch.name,
    prefix: batch.prefix,
    product_id: batch.productId,
    product_sku: sku,
    product_title: title,
    count: batch.count,
    uses_per_code: batch.usesPerCode,
    valid_until: batch.validUntil,
    created_at: epochSeconds(batch.createdAt),
    used,
    left,
  };
}

const presentInfo = (code: Pick<CodeRow, 'id' | 'value' | 'uses' | 'usedTimes'>): PurchaseCodeInfo => ({ id: code.id, value: code.value, uses: code.uses - code.usedTimes });

/** Inserts `count` new codes of a batch in one statement per round; a value already taken (a 1 in 2^50 chance) is drawn again. */
async function insertCodes(tx: Db, batch: BatchRow): Promise<void> {
  let missing = batch.count;
  while (missing > 0) {
    const values = [...new Set(randomCodeParts(missing).map((part) => batch.prefix + part))];
    const inserted = await rowsOf<{ n: number }>(
      await tx.execute(sql`
        WITH added AS (
          INSERT INTO purchase_codes (batch_id, value, uses)
          SELECT ${batch.id}::uuid, value, ${batch.usesPerCode}::int FROM unnest(${sql.param(values)}::text[]) AS v(value)
          ON CONFLICT (value) DO NOTHING
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM added`),
    );
    missing -= inserted[0]?.n ?? 0;
  }
}

/**
 * POST /purchase-code-batch: a batch and its codes, in one transaction. The source is a pharmacy
 * form's, and the product must be in its catalogue: Pharmacy a UK one (pounds), {product}-us a US one
 * (dollars). A built-in prefix (ANT, PFF, ATE) prepays only its own product or that product's US
 * counterpart; the product must be in the catalogue. Audited.
 */
export async function createPurchaseCodeBatch(deps: CommerceDeps, caller: SignedInCaller, input: PurchaseCodeBatchData): Promise<PurchaseCodeBatch> {
  const now = deps.clock.now();
  const currency = pharmacySourceCurrency(input.source, deps.productName);
  if (!currency) throw badRequest(PURCHASE_CODE_MSG.source, { source: PURCHASE_CODE_MSG.source });
  if (input.valid_until < londonIsoDay(now)) throw badRequest(PURCHASE_CODE_MSG.validUntilPast, { valid_until: PURCHASE_CODE_MSG.validUntilPast });
  const [product] = await deps.db
    .select({ id: products.id, sku: products.sku, title: products.title, country: products.country })
    .from(products)
    .where(and(eq(products.id, input.product_id), isNull(products.retiredAt)));
  if (!product) throw badRequest(PURCHASE_CODE_MSG.product, { product_id: PURCHASE_CODE_MSG.product });
  if (currencyOf(product.country) !== currency) throw badRequest(PURCHASE_CODE_MSG.productSource, { product_id: PURCHASE_CODE_MSG.productSource });
  const kept = builtInPrefixSkus(input.prefix);
  if (kept && !kept.includes(product.sku)) throw badRequest(PURCHASE_CODE_MSG.prefixTaken, { prefix: PURCHASE_CODE_MSG.prefixTaken });
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(purchaseCodeBatches)
      .values({ name: input.name, prefix: input.prefix, productId: product.id, count: input.count, usesPerCode: input.uses, validUntil: input.valid_until, createdAt: now, createdBy: caller.auth.userId })
      .returning();
    await insertCodes(tx, batch!);
    await deps.audit.record(
      {
        action: 'purchase_code_batch.created',
        outcome: 'success',
        resourceType: 'purchase_code_batch',
        resourceId: batch!.id,
        details: { source: input.source, prefix: input.prefix, sku: product.sku, count: input.count, uses: input.uses, valid_until: input.valid_until },
      },
      caller,
      tx,
    );
    return presentBatch({ batch: batch!, sku: product.sku, title: product.title, used: 0, left: input.count * input.uses });
  });
}

/** GET /purchase-code-batch: every batch, newest first, with the uses taken and left (its counter; its codes are not read). */
export async function listPurchaseCodeBatches(deps: CommerceDeps): Promise<PurchaseCodeBatch[]> {
  const rows = await deps.db
    .select({ batch: purchaseCodeBatches, sku: products.sku, title: products.title })
    .from(purchaseCodeBatches)
    .innerJoin(products, eq(products.id, purchaseCodeBatches.productId))
    .orderBy(desc(purchaseCodeBatches.createdAt), desc(purchaseCodeBatches.id));
  return rows.map((row) => presentBatch({ ...row, used: row.batch.usedTimes, left: row.batch.count * row.batch.usesPerCode - row.batch.usedTimes }));
}

const csvCell = (value: string | number) => (/[",\r\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

/** GET /purchase-code-batch/{id}/csv: the batch's codes as CSV (code, uses, used, left, product, valid until); audited. */
export async function exportPurchaseCodeBatch(deps: CommerceDeps, caller: SignedInCaller, id: string): Promise<{ filename: string; csv: string }> {
  const [row] = await deps.db
    .select({ batch: purchaseCodeBatches, sku: products.sku })
    .from(purchaseCodeBatches)
    .innerJoin(products, eq(products.id, purchaseCodeBatches.productId))
    .where(eq(purchaseCodeBatches.id, id));
  if (!row) throw notFound();
  const codes = await deps.db.select().from(purchaseCodes).where(eq(purchaseCodes.batchId, id)).orderBy(purchaseCodes.value);
  const lines = [['code', 'uses', 'used', 'left', 'product_sku', 'valid_until'].join(',')];
  for (const code of codes) lines.push([code.value, code.uses, code.usedTimes, code.uses - code.usedTimes, row.sku, row.batch.validUntil].map(csvCell).join(','));
  await deps.audit.record({ action: 'purchase_code_batch.exported', outcome: 'success', resourceType: 'purchase_code_batch', resourceId: id, details: { codes: codes.length } }, caller);
  return { filename: `purchase-codes-${row.batch.prefix}-${row.batch.createdAt.toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

/** The code `value` (as stored: upper case) with the uses left on London day `today` (0 once used up or past its batch's last day); null when unknown. */
async function codeOnDay(db: Db, value: string, today: string): Promise<PurchaseCodeInfo | null> {
  const [row] = await db
    .select({ code: purchaseCodes, validUntil: purchaseCodeBatches.validUntil })
    .from(purchaseCodes)
    .innerJoin(purchaseCodeBatches, eq(purchaseCodeBatches.id, purchaseCodes.batchId))
    .where(eq(purchaseCodes.value, value));
  if (!row) return null;
  return row.validUntil < today ? { ...presentInfo(row.code), uses: 0 } : presentInfo(row.code);
}

/**
 * GET /purchase-code/{value}: spec 3 §7.1's check, for anyone (rate limited): the code's id, value
 * and the uses left today (0 once used up or past its batch's last day, with `error` the pharmacy
 * form's 'Your code is expired', spec 2 §5; each form words its answer from the data with its flow,
 * so the partner and customer-services forms say 'Your code is invalid', spec 3 §7); an unknown code
 * is 'Your code is invalid'.
 */
export async function checkPurchaseCode(deps: CommerceDeps, value: string): Promise<{ data: PurchaseCodeInfo; error: string | null }> {
  const info = await codeOnDay(deps.db, value, londonIsoDay(deps.clock.now()));
  if (!info) throw new AppError(400, PURCHASE_CODE_MSG.invalid, { code: PURCHASE_CODE_MSG.invalid });
  return { data: info, error: info.uses > 0 ? null : usedUpCodeMessage('pharmacy') };
}

/**
 * Why the code `value` could not pay today, for an order of `flow` that tried it: a purchase code
 * with no use left on London day `today` is `usedUpCodeMessage(flow)` ('Your code is expired' on the
 * pharmacy form, spec 2 §5; 'Your code is invalid' on the partner and customer-services forms, spec 3
 * §7); null otherwise (unknown, or a purchase code with uses left that prepays another product),
 * which the caller answers as invalid.
 */
export async function purchaseCodeRefusal(tx: Db, value: string, today: string, flow: CodeFlow): Promise<string | null> {
  const info = await codeOnDay(tx, value.trim().toUpperCase(), today);
  return info && info.uses === 0 ? usedUpCodeMessage(flow) : null;
}

/**
 * Takes one use of a code in one statement, when `where` holds for its batch and it is within its
 * last London day `today`: the conditional UPDATE's row lock makes concurrent takers queue and
 * recheck, so a code is never used more than `uses` times, and the same statement raises its
 * batch's counter (each taker adds one to the batch row's latest version, so the counter stays
 * exact). Null when no use can be taken.
 */
async function takeUse(tx: Db, code: SQL, today: string, productId?: string): Promise<PurchaseCodeInfo | null> {
  const [row] = await rowsOf<Pick<CodeRow, 'id' | 'value' | 'uses' | 'usedTimes'>>(
    await tx.execute(sql`
      WITH taken AS (
        UPDATE ${purchaseCodes} SET used_times = ${purchaseCodes.usedTimes} + 1
        FROM ${purchaseCodeBatches}
        WHERE ${and(
          code,
          eq(purchaseCodeBatches.id, purchaseCodes.batchId),
          productId === undefined ? undefined : eq(purchaseCodeBatches.productId, productId),
          sql`${purchaseCodes.usedTimes} < ${purchaseCodes.uses}`,
          sql`${today}::date <= ${purchaseCodeBatches.validUntil}`,
        )}
        RETURNING ${purchaseCodes.id}, ${purchaseCodes.value}, ${purchaseCodes.uses}, ${purchaseCodes.usedTimes}, ${purchaseCodes.batchId}
      ), counted AS (
        UPDATE ${purchaseCodeBatches} SET used_times = ${purchaseCodeBatches.usedTimes} + 1 FROM taken WHERE ${purchaseCodeBatches.id} = taken.batch_id
      )
      SELECT id, value, uses, used_times AS "usedTimes" FROM taken`),
  );
  return row ? presentInfo(row) : null;
}

/**
 * An order's purchase code (sent as its discount): one use of the code `value` for one unit of the
 * product `productId`, on London day `today` ('yyyy-MM-dd'). Orders call this inside their own
 * transaction; null when the code cannot pay for that product today.
 */
export function takePurchaseCodeUse(tx: Db, value: string, productId: string, today: string): Promise<PurchaseCodeInfo | null> {
  return takeUse(tx, eq(purchaseCodes.value, value.trim().toUpperCase()), today, productId);
}

/** Whether `caller` holds pharmacy.book and placed `order` from the pharmacy form: its currency (GBP for Pharmacy, USD for {product}-us), else null. */
function ownPharmacyOrder(caller: SignedInCaller, order: { source: string; customerUserId: string | null }, productName: string) {
  if (!hasPermission(caller.auth, 'pharmacy.book') || order.customerUserId !== caller.auth.userId) return null;
  return pharmacySourceCurrency(order.source, productName);
}

/**
 * An extra code of an existing order pays for one of its products (its batch's product is on the
 * order, else 'You have chosen another test type'), and one of an order from the pharmacy form or a
 * partner's label meets that source's code rules, as the order's first code did (partners'
 * `sourceCodeError`, the forms' messages).
 */
async function checkSourceRules(tx: Db, caller: SignedInCaller, productName: string, id: string, orderId: string): Promise<void> {
  const [code] = await tx
    .select({ value: purchaseCodes.value, productId: purchaseCodeBatches.productId })
    .from(purchaseCodes)
    .innerJoin(purchaseCodeBatches, eq(purchaseCodeBatches.id, purchaseCodes.batchId))
    .where(eq(purchaseCodes.id, id));
  const [order] = await tx.select({ source: orders.source, customerUserId: orders.customerUserId }).from(orders).where(eq(orders.id, orderId));
  if (!code || !order) return;
  const lines = await tx
    .select({ sku: products.sku, productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const problem =
    (await sourceCodeError(
      tx,
      order.source,
      code.value,
      lines.map((line) => line.sku),
      ownPharmacyOrder(caller, order, productName),
    )) ?? (lines.some((line) => line.productId === code.productId) ? null : CODE_MSG.otherTestType);
  if (problem) throw new AppError(400, problem, { code: problem });
}

/** Pharmacy staff (pharmacy.book without discounts.manage) take uses for the pharmacy form's orders they placed only (Pharmacy or {product}-us); any other order is 404. */
async function reachOwnPharmacyOrder(tx: Db, caller: SignedInCaller, productName: string, orderId: string): Promise<void> {
  const [order] = await tx.select({ source: orders.source, customerUserId: orders.customerUserId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !ownPharmacyOrder(caller, order, productName)) throw notFound();
}

/**
 * POST /purchase-code/{id}/use: spec 3 §7.1's "use discount code by id", one more unit of an order
 * paid by a code (once per extra code beyond the first); audited with the order; when none is left
 * to take today, 'Your code is expired' for the pharmacy form (the caller's own pharmacy order, spec 2
 * §5), else 'Your code is invalid' (spec 3 §7); 404 for an unknown id; held to the order's source's code rules.
 * Each use taken for an existing order is kept in order_code_uses. Holders of discounts.manage take
 * uses for any order, pharmacy staff for their own Pharmacy orders; anyone else 403.
 */
export async function usePurchaseCode(deps: CommerceDeps, caller: SignedInCaller, id: string, orderId: string): Promise<PurchaseCodeInfo> {
  const manager = hasPermission(caller.auth, 'discounts.manage');
  if (!manager && !hasPermission(caller.auth, 'pharmacy.book')) throw forbidden();
  return deps.db.transaction(async (tx) => {
    if (!manager) await reachOwnPharmacyOrder(tx, caller, deps.productName, orderId);
    await checkSourceRules(tx, caller, deps.productName, id, orderId);
    const now = deps.clock.now();
    const taken = await takeUse(tx, eq(purchaseCodes.id, id), londonIsoDay(now));
    if (!taken) {
      const [known] = await tx.select({ id: purchaseCodes.id }).from(purchaseCodes).where(eq(purchaseCodes.id, id));
      if (!known) throw notFound();
      const [order] = await tx.select({ source: orders.source, customerUserId: orders.customerUserId }).from(orders).where(eq(orders.id, orderId));
      throw usedUpCode(order && ownPharmacyOrder(caller, order, deps.productName) ? 'pharmacy' : 'partner');
    }
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (order) await tx.insert(orderCodeUses).values({ orderId, purchaseCodeId: id, createdBy: caller.auth.userId, createdAt: now });
    await deps.audit.record({ action: 'purchase_code.used', outcome: 'success', resourceType: 'purchase_code', resourceId: id, details: { order_id: orderId, uses_left: taken.uses } }, caller, tx);
    return taken;
  });
}
