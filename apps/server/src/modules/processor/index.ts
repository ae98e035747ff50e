/** The workflow processor's front door: other modules, app.ts, context.ts and tests import only this file. */
export { processorRoutes } from './processor.routes';
export { commerceProcessorRoutes } from './commerce-processor.routes';
export { executeRun, MAX_RUN_ATTEMPTS, PROCESSOR_EVENTS, registerProcessor, runDue, runRetryDelayMs, startProcessor, type ProcessorDeps, type RunOutcome } from './engine';
export { JsonataPool } from './jsonata-pool';
export { redactExpiredRuns, REDACTED } from './retention';
export { HttpSmsProvider, RECORD_ONLY_SMS, type SmsProvider } from './sms';
export { DEFAULT_TASKS, DEFAULT_TEMPLATES, processorOwns, seedDefaultTasks } from './defaults';
export type { CertificateActions, MessageSources, ReceiptActions } from './nodes';
