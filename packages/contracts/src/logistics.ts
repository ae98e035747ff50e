import { z } from 'zod';
import { KIT_ID_MAX, SHORT_TOKEN_LENGTH } from './orders-constants';
import { text } from './text';
import { EMAIL_MAX, EMAIL_PATTERN } from './validation-constants';
import { EpochSeconds, Uuid } from './validation';
import { listQuery } from './list-query';
import {
  DATE_PATTERN,
  FACILITY_LIMITS,
  HOUR_PATTERN,
  LOGISTICS_MSG,
  PHONE_PATTERN,
  PICKUP_SORT_COLUMNS,
  PICKUPS_MAX_LIMIT,
  QR_FORMATS,
  RECEIPT_SORT_COLUMNS,
  WEEKDAYS,
  openingTimeError,
} from './logistics-constants';

export * from './logistics-constants';

const requiredText = (message: string, max: number = FACILITY_LIMITS.text) => text({ error: message }).trim().min(1, message).max(max, message);
const optionalText = (max: number = FACILITY_LIMITS.text) => text().trim().max(max);

/** A dropbox's facility (spec 3 §3, §5): where it stands and whom to ask there. */
export const FacilityInput = z.strictObject({
  name: /* @__PURE__ */ requiredText(LOGISTICS_MSG.inputName),
  address_1: /* @__PURE__ */ requiredText(LOGISTICS_MSG.inputAddressLine),
  address_2: /* @__PURE__ */ optionalText(),
  city: /* @__PURE__ */ requiredText(LOGISTICS_MSG.inputCity),
  county: /* @__PURE__ */ requiredText(LOGISTICS_MSG.inputCounty),
  postcode: /* @__PURE__ */ requiredText(LOGISTICS_MSG.inputPostcode, FACILITY_LIMITS.postcode).toUpperCase(),
  country: /* @__PURE__ */ optionalText(),
  type: /* @__PURE__ */ optionalText(),
  first_name: /* @__PURE__ */ optionalText(),
  last_name: /* @__PURE__ */ optionalText(),
  phone: z.union([z.literal(''), /* @__PURE__ */ text().trim().regex(PHONE_PATTERN, LOGISTICS_MSG.phone)]),
  email: z.union([z.literal(''), /* @__PURE__ */ text().trim().max(EMAIL_MAX, LOGISTICS_MSG.email).regex(EMAIL_PATTERN, LOGISTICS_MSG.email)]),
});
export type FacilityInput = z.infer<typeof FacilityInput>;

const Hour = /* @__PURE__ */ text({ error: LOGISTICS_MSG.time }).regex(HOUR_PATTERN, LOGISTICS_MSG.time);

/** One weekday's hours: 1 Sunday to 7 Saturday, HH:mm, the end after the start. */
export const OpeningTimeInput = z
  .strictObject({ weekday: z.union(WEEKDAYS.map((day) => z.literal(day))), start_hour: Hour, end_hour: Hour })
  .superRefine((time, ctx) => {
    const problem = openingTimeError(time);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** The open weekdays, each once; a weekday left out is closed. */
export const OpeningTimesInput = z
  .array(OpeningTimeInput)
  .max(WEEKDAYS.length)
  .refine((times) => new Set(times.map((time) => time.weekday)).size === times.length, LOGISTICS_MSG.weekdayRepeated);

/** POST /dropbox and PUT /dropbox/{id}: the facility and the opening times, whole. */
export const DropboxInput = z.strictObject({ facility: FacilityInput, opening_times: OpeningTimesInput });
export type DropboxInput = z.infer<typeof DropboxInput>;

/**
 * The dropbox form (create and edit): the facility and a row per weekday, open or closed; the hours of
 * an open day follow the same rule as the API's (`openingTimeError`), put on that day's field.
 */
export const DropboxForm = z.object({
  facility: FacilityInput,
  days: z
    .array(z.object({ weekday: z.union(WEEKDAYS.map((day) => z.literal(day))), open: z.boolean(), start_hour: z.string(), end_hour: z.string() }))
    .length(WEEKDAYS.length)
    .superRefine((days, ctx) => {
      days.forEach((day, index) => {
        const problem = day.open ? openingTimeError(day) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: [index, problem.field], message: problem.message });
      });
    }),
});
export type DropboxForm = z.infer<typeof DropboxForm>;

const Facility = z.object({
  name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  country: z.string(),
  type: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
});
const OpeningTime = z.object({ weekday: z.number().int(), start_hour: z.string(), end_hour: z.string() });

export const Dropbox = z.object({ id: Uuid, active: z.boolean(), facility: Facility, opening_times: z.array(OpeningTime), updated_at: EpochSeconds });
export type Dropbox = z.infer<typeof Dropbox>;
export const DropboxResponse = z.object({ success: z.literal(true), data: Dropbox, message: z.string().optional() });
export type DropboxResponse = z.infer<typeof DropboxResponse>;
export const DropboxesResponse = z.object({ success: z.literal(true), data: z.array(Dropbox) });
export type DropboxesResponse = z.infer<typeof DropboxesResponse>;

/** PUT /dropbox/{id}/switch and PUT /dropbox/switch (every dropbox): the active flag to set. */
export const DropboxSwitchRequest = z.strictObject({ active: z.boolean() });
export type DropboxSwitchRequest = z.infer<typeof DropboxSwitchRequest>;
export const DropboxSwitchAllResponse = z.object({ success: z.literal(true), data: z.object({ changed: z.number().int() }), message: z.string() });
export type DropboxSwitchAllResponse = z.infer<typeof DropboxSwitchAllResponse>;

/** GET /dropbox/{id}/render: the printable QR code sheet, png unless asked. */
export const DropboxRenderQuery = z.object({ format: z.enum(QR_FORMATS).default('png') });

/** An active dropbox as the drop-off page shows it: where it is and when it is open; no contact details. */
export const PublicDropbox = z.object({
  id: Uuid,
  name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  postcode: z.string(),
  opening_times: z.array(OpeningTime),
});
export type PublicDropbox = z.infer<typeof PublicDropbox>;
export const PublicDropboxesResponse = z.object({ success: z.literal(true), data: z.array(PublicDropbox) });
export type PublicDropboxesResponse = z.infer<typeof PublicDropboxesResponse>;

/** POST /drop-off (public): the order's short token, a kit ID it dispatched, an active dropbox open on `date` (yyyy-MM-dd). */
export const DropOffRequest = z.strictObject({
  short_token: /* @__PURE__ */ text({ error: LOGISTICS_MSG.shortToken }).trim().toUpperCase().min(1, LOGISTICS_MSG.shortToken).max(SHORT_TOKEN_LENGTH * 2, LOGISTICS_MSG.shortToken),
  kit_id: /* @__PURE__ */ text({ error: LOGISTICS_MSG.kitId }).trim().toUpperCase().min(1, LOGISTICS_MSG.kitId).max(KIT_ID_MAX, LOGISTICS_MSG.kitId),
  dropbox_id: z.uuid({ error: LOGISTICS_MSG.dropbox }),
  date: /* @__PURE__ */ text({ error: LOGISTICS_MSG.date }).regex(DATE_PATTERN, LOGISTICS_MSG.date),
});
export type DropOffRequest = z.infer<typeof DropOffRequest>;

/** A receipt: the drop-off a customer announced, to be collected from the dropbox on or after its date. */
export const Receipt = z.object({
  id: Uuid,
  short_token: z.string(),
  kit_id: z.string(),
  dropbox: PublicDropbox,
  expected_dropoff_date: z.string(),
  created_at: EpochSeconds,
});
export type Receipt = z.infer<typeof Receipt>;
export const ReceiptResponse = z.object({ success: z.literal(true), data: Receipt, message: z.string() });
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

/**
 * The day of the pickups and receipts lists: yyyy-MM-dd, or (the spec's form) the epoch seconds of
 * that day's UTC start; either names the calendar day of the receipts' expected drop-off date.
 */
export const PickupDate = z.union([
  /* @__PURE__ */ text({ error: LOGISTICS_MSG.pickupDate }).regex(DATE_PATTERN, LOGISTICS_MSG.pickupDate),
  z.coerce
    .number({ error: LOGISTICS_MSG.pickupDate })
    .int(LOGISTICS_MSG.pickupDate)
    .refine((seconds) => seconds % 86_400 === 0, LOGISTICS_MSG.pickupDate)
    .transform((seconds) => new Date(seconds * 1000).toISOString().slice(0, 10)),
], { error: LOGISTICS_MSG.pickupDate });

/** GET /dropbox/pickups: a day's pickups, a page at a time. */
export const PickupsQuery = /* @__PURE__ */ listQuery({ sortColumns: PICKUP_SORT_COLUMNS, maxLimit: PICKUPS_MAX_LIMIT }).extend({ date: PickupDate });
export type PickupsQuery = z.infer<typeof PickupsQuery>;

/** A dropbox's pickup on a day (spec 3 §3): the receipts expected there that day, how many were collected, the first collection. */
export const Pickup = z.object({
  dropbox_id: Uuid,
  name: z.string(),
  city: z.string(),
  expected_dropoff_date: z.string(),
  expected_count: z.number().int(),
  found_count: z.number().int(),
  collection_time: EpochSeconds.nullable(),
});
export type Pickup = z.infer<typeof Pickup>;
export const PickupsResponse = z.object({ success: z.literal(true), data: z.array(Pickup), total: z.number().int().nonnegative() });
export type PickupsResponse = z.infer<typeof PickupsResponse>;

/** GET /dropbox/{id}/receipts: a dropbox's receipts expected on a day, a page at a time. */
export const DropboxReceiptsQuery = /* @__PURE__ */ listQuery({ sortColumns: RECEIPT_SORT_COLUMNS, maxLimit: PICKUPS_MAX_LIMIT }).extend({ date: PickupDate });
export type DropboxReceiptsQuery = z.infer<typeof DropboxReceiptsQuery>;

/** A receipt in a dropbox's list: the order's reference, the kit, when it was collected; missed when not collected in time. */
export const DropboxReceipt = z.object({
  id: Uuid,
  order_id: Uuid,
  order_reference: z.string(),
  kit_id: z.string(),
  expected_dropoff_date: z.string(),
  collection_time: EpochSeconds.nullable(),
  missed: z.boolean(),
});
export type DropboxReceipt = z.infer<typeof DropboxReceipt>;
export const DropboxReceiptsResponse = z.object({ success: z.literal(true), data: z.array(DropboxReceipt), total: z.number().int().nonnegative() });
export type DropboxReceiptsResponse = z.infer<typeof DropboxReceiptsResponse>;

/** GET /collection/search: an order id, short token or kit ID. */
export const CollectionSearchQuery = z.object({
  q: /* @__PURE__ */ text({ error: LOGISTICS_MSG.collectionSearch }).trim().min(1, LOGISTICS_MSG.collectionSearch).max(KIT_ID_MAX, LOGISTICS_MSG.collectionSearch),
});
export const CollectionSearchResponse = z.object({ success: z.literal(true), data: z.object({ order_id: Uuid }) });
export type CollectionSearchResponse = z.infer<typeof CollectionSearchResponse>;

/** GET /collection/dropbox/{id}: the receipts expected at a dropbox today (London), for the courier standing there. */
export const CollectionDropboxResponse = z.object({
  success: z.literal(true),
  data: z.object({ dropbox: z.object({ id: Uuid, name: z.string() }), receipts: z.array(DropboxReceipt) }),
});
export type CollectionDropboxResponse = z.infer<typeof CollectionDropboxResponse>;

/** PUT /collection/{id}: the order's samples collected (at `dropbox_id`, the box the courier scanned) or set back. */
export const CollectionRequest = z.strictObject({ collected: z.boolean({ error: 'collected: true or false' }), dropbox_id: z.uuid({ error: LOGISTICS_MSG.dropbox }).optional() });
export type CollectionRequest = z.infer<typeof CollectionRequest>;

/** An order's collection (spec 3 §3): collected when every sample it dispatched is; the latest collection's dropbox, time and courier. */
export const CollectionInfo = z.object({
  order_id: Uuid,
  collected: z.boolean(),
  order_reference: z.string(),
  kit_ids: z.array(z.string()),
  dropbox: z.object({ id: Uuid, name: z.string() }).nullable(),
  collected_at: EpochSeconds.nullable(),
  collected_by: z.object({ id: Uuid, name: z.string() }).nullable(),
});
export type CollectionInfo = z.infer<typeof CollectionInfo>;
export const CollectionResponse = z.object({ success: z.literal(true), data: CollectionInfo, message: z.string().optional() });
export type CollectionResponse = z.infer<typeof CollectionResponse>;
