import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { FIELD_MSG, MSG } from '@vireo/contracts';
import { sendWebIndex, type WebIndex } from './http';

/** An error whose status and message are safe to show the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthenticated = () => new AppError(401, MSG.unableToAuthenticate);
export const forbidden = (message: string = MSG.unableToAuthenticate) => new AppError(403, message);
export const notFound = () => new AppError(404, MSG.notFound);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = () => new AppError(429, MSG.tooManyRequests);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message: string;
}

/** The value at a JSON-pointer-like path ('/a/0/b') of the input that failed validation. */
function valueAt(input: unknown, instancePath: string): unknown {
  let current = input;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Turns zod issues into the envelope: "Missing details." when a required input is absent, whatever
 * the schema (a missing enum or a field with its own message is as absent as a missing string).
 */
function validationEnvelope(issues: ValidationIssue[], input: unknown) {
  const errors: Record<string, string> = {};
  let missing = false;
  for (const { keyword, instancePath, message } of issues) {
    const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const absent = (keyword === 'invalid_type' && message === FIELD_MSG.required) || (instancePath !== '/' && instancePath !== '' && valueAt(input, instancePath) === undefined);
    missing ||= absent;
    errors[field] ??= absent ? MSG.missingDetails : message;
  }
  const message = missing ? MSG.missingDetails : (Object.values(errors)[0] ?? MSG.somethingWentWrong);
  return { success: false as const, message, errors };
}

/**
 * One error envelope for every failure. When `webIndex` is given (the built web app), unknown
 * GET paths outside /api and /identity answer it, so the app's router handles them.
 */
export function registerErrorHandling(app: FastifyInstance, webIndex?: WebIndex): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const inputs = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
      const input = error.validationContext ? inputs[error.validationContext] : undefined;
      return reply.status(400).send(validationEnvelope(error.validation as unknown as ValidationIssue[], input));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.statusCode === 413) {
      return reply.status(413).send({ success: false, message: MSG.requestTooLarge });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.statusCode === 400 ? MSG.missingDetails : MSG.somethingWentWrong;
      return reply.status(error.statusCode).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: MSG.serverError });
  });
  app.setNotFoundHandler((request, reply) => {
    const isAppPath = !request.url.startsWith('/api/') && !request.url.startsWith('/identity/');
    if (webIndex && isAppPath && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendWebIndex(request, reply, webIndex);
    }
    return reply.status(404).send({ success: false, message: MSG.notFound });
  });
}
