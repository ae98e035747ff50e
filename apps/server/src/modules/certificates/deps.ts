import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { DownloadLinks } from '../../platform/download-links';
import type { FileStorage } from '../../platform/files';
import type { OutboxRelay } from '../../platform/outbox';
import type { CertificateProvider } from './pdf';
import type { CertificateKeys } from './signing';

/** A certificate's PDF link works this long, for the user it was issued to. */
export const DOWNLOAD_LINK_SECONDS = 300;
/** The e-mailed link's token that marks the certificate opened works this long. */
export const OPENED_LINK_SECONDS = 5 * 366 * 86_400;

export interface CertificateSettings {
  publicUrl: string;
  provider: CertificateProvider;
}

/** What the certificates' service functions need; built once per process (ctx.certificates). */
export interface CertificatesDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  outbox: Pick<OutboxRelay, 'emit'>;
  files: FileStorage;
  keys: CertificateKeys;
  links: DownloadLinks;
  /** Signs the e-mailed /verify/{id} link, whose first opening sets the certificate's opened_at. */
  openedLinks: DownloadLinks;
  settings: CertificateSettings;
}

export function createCertificatesDeps(input: Omit<CertificatesDeps, 'links' | 'openedLinks'>): CertificatesDeps {
  return {
    ...input,
    links: new DownloadLinks(input.db, input.clock, 'certificate-file', DOWNLOAD_LINK_SECONDS),
    openedLinks: new DownloadLinks(input.db, input.clock, 'certificate-opened', OPENED_LINK_SECONDS),
  };
}
