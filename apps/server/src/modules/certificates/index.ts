/** The certificates module's front door: other modules, app.ts, context.ts and tests import only this file. */
export { certificateRoutes } from './certificates.routes';
export { createCertificatesDeps, type CertificatesDeps } from './deps';
export { certificateMessage, markCertificateSent, registerCertificateMessages, type CertificateMessage } from './mails';
export { certificateManagementRoutes } from './management.routes';
export { emailCertificate } from './management';
export {
  certificateKind,
  discardCertificate,
  issueCertificateOnce,
  issueSystemCertificates,
  issuerOf,
  prepareCertificate,
  recordedCertificateContent,
  storeCertificate,
  submitCertificate,
  type CertificateContent,
  type CertificateIssuer,
  type PreparedCertificate,
  type SystemCertificate,
} from './service';
export { CertificateKeys, parseCertificateSigningKey } from './signing';
