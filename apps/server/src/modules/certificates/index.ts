/** The certificates module's front door: other modules, app.ts, context.ts and tests import only this file. */
export { certificateRoutes } from './certificates.routes';
export { createCertificatesDeps, type CertificatesDeps } from './deps';
export { certificateMessage, registerCertificateMessages, type CertificateMessage } from './mails';
export { submitCertificate } from './service';
export { CertificateKeys, parseCertificateSigningKey } from './signing';
