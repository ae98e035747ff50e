import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RESULT_TEMPLATES } from '@vireo/contracts';
import type { CertificateContent } from '../../modules/certificates';
import { organisations, users } from './identity';
import { bookingUsers } from './booking';

/**
 * An accepted upload of lab results (POST /certificate/upload): who uploaded which template when,
 * and how many rows it stored. Its certificates are made after the request by jobs; the summary
 * (GET /certificate/upload/{id}) counts those made against `result_upload_certificates`.
 */
export const resultUploads = pgTable('result_uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  template: text('template', { enum: RESULT_TEMPLATES }).notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  rowCount: integer('row_count').notNull(),
});

/**
 * What an uploaded row's certificate says, as stored for its job: the certificate's content without its
 * person (the row's `booking_user_id`), the times as ISO UTC text.
 */
export type UploadCertificateContent = Omit<CertificateContent, 'bookingUserId' | 'sampleTime' | 'reportTime'> & { sampleTime: string; reportTime: string };

/**
 * One certificate an upload owes: its id, fixed when the upload is stored (the job inserts the
 * certificate under it, so a job that runs twice finds it made), its person and what it says.
 */
export const resultUploadCertificates = pgTable(
  'result_upload_certificates',
  {
    certificateId: uuid('certificate_id').primaryKey(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => resultUploads.id, { onDelete: 'cascade' }),
    bookingUserId: uuid('booking_user_id')
      .notNull()
      .references(() => bookingUsers.id, { onDelete: 'cascade' }),
    content: jsonb('content').$type<UploadCertificateContent>().notNull(),
  },
  (t) => [index('result_upload_certificates_upload_idx').on(t.uploadId)],
);
