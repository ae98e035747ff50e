import { expect, type APIRequestContext } from '@playwright/test';
import { apiSession, uniqueSuffix } from './accounts';
import { DEMO } from './fixtures';

export const COMMERCE = '/api/commerce/v1';
export const FIT_TO_FLY = 'FLX-UK-ANT-SNS-001';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A London wall-clock day `days` from now, 'yyyy-MM-dd'. */
export function londonDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
}

/**
 * `count` one-use codes starting with `prefix` for the product `sku` (the Fit to Fly test unless told), generated
 * by the demo super admin as a batch and read from the batch's CSV, with the product's catalogue title.
 */
export async function purchaseCodes(request: APIRequestContext, prefix: string, count: number, sku = FIT_TO_FLY): Promise<{ title: string; codes: string[] }> {
  const admin = await apiSession(request, DEMO.admin);
  const products = (await (await request.get(`${COMMERCE}/product`)).json()) as { data: { id: string; sku: string; title: string; currency: 'GBP' | 'USD' }[] };
  const product = products.data.find((candidate) => candidate.sku === sku);
  expect(product, sku).toBeDefined();
  const created = await request.post(`${COMMERCE}/purchase-code-batch`, {
    headers: bearer(admin.token),
    // The batch's source is the pharmacy form whose catalogue has the product: Pharmacy in pounds, vireo-us in dollars.
    data: { source: product!.currency === 'USD' ? 'vireo-us' : 'Pharmacy', name: `e2e ${prefix} ${uniqueSuffix()}`, prefix, product_id: product!.id, count, uses: 1, valid_until: londonDay(30) },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: string } };
  const csv = await request.get(`${COMMERCE}/purchase-code-batch/${data.id}/csv`, { headers: bearer(admin.token) });
  expect(csv.status()).toBe(200);
  const codes = (await csv.text())
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(',')[0]!);
  return { title: product!.title, codes };
}

/** The uses a code has left (GET /purchase-code/{value}, public). */
export async function usesLeft(request: APIRequestContext, code: string): Promise<number> {
  const check = await request.get(`${COMMERCE}/purchase-code/${code}`);
  return ((await check.json()) as { data: { uses: number } }).data.uses;
}
