/** The lab results module's front door (/api/commerce/v1 PCR tests and uploaded results): app.ts, context.ts and main.ts import only this file. */
export { labResultsRoutes } from './lab-results.routes';
export type { LabResultsDeps } from './deps';
export { startLabResultsJobs } from './upload-jobs';
