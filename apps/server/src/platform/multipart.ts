import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MSG } from '@vireo/contracts';
import { badRequest } from './errors';

/** Multipart bodies for the routes of `app`: one file of at most `maxFileBytes` and a few short text fields. */
export async function registerMultipart(app: FastifyInstance, maxFileBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 4096 } });
}

export interface MultipartBody {
  file: { data: Buffer; contentType: string } | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart request: the one file (if any) and the text fields. A request that is not
 * multipart answers `notMultipart()`. A body the parser cannot read (an unterminated part, a broken
 * boundary) is the client's: 400 'Malformed request'. The parser's own 4xx errors (a file over the
 * size limit, too many parts) keep their status.
 */
export async function readMultipart(request: FastifyRequest, notMultipart: () => Error): Promise<MultipartBody> {
  if (!request.isMultipart()) throw notMultipart();
  let file: MultipartBody['file'] = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) file = { data, contentType: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw badRequest(MSG.malformedRequest);
  }
  return { file, fields };
}

/** A multipart body's text fields checked against `schema`: 400 with one error per field, "Missing details." when one is absent. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
  const missing = parsed.error.issues.some((i) => i.code === 'invalid_type' && i.input === undefined);
  throw badRequest(missing ? MSG.missingDetails : (Object.values(errors)[0] ?? MSG.missingDetails), errors);
}
