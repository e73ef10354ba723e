import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_CATALOGUE, type ErrorCode } from '../lib/errors';

type FieldCodes = Record<string, { code: string; params: Record<string, string | number> }>;

function send(reply: FastifyReply, code: ErrorCode, message?: string, fields?: Record<string, string>, fieldCodes?: FieldCodes) {
  const status = ERROR_CATALOGUE[code].status;
  return reply.status(status).send({
    success: false,
    error: {
      code,
      message: message ?? ERROR_CATALOGUE[code].message,
      ...(fields ? { fields } : {}),
      ...(fieldCodes && Object.keys(fieldCodes).length ? { field_codes: fieldCodes } : {}),
    },
  });
}

function sendAppError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send({
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.params && Object.keys(error.params).length ? { params: error.params } : {}),
    },
  });
}

/** Fastify's own 4xx errors, mapped to our codes and French messages. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION',
};

/**
 * The database connection was lost or refused (a server restart, a failover, a terminated
 * backend): the request may succeed in a moment, so 503 — never a 500, never a crash.
 * 57P01–57P03: admin/crash shutdown, cannot connect now; 08xxx: connection exceptions.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth += 1) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^57P0[123]$/.test(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code === 'ECONNRESET' || code === 'ECONNREFUSED' || code === 'EPIPE' || code === 'ETIMEDOUT') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}

/** Errors Fastify raises before routing (over-long id, undecodable path), in our envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 'URI_TOO_LONG');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 'BAD_REQUEST', "L'adresse demandée est mal formée.");
  return errorHandler(error, request, reply);
}

/**
 * Per-field French messages, and for rules written in the domain (a year's range, a phone number)
 * the refusal's code and parameters, so that the web shows the same rule in English and Arabic.
 */
function fieldsFromValidation(error: FastifyError): { fields: Record<string, string>; fieldCodes: FieldCodes } {
  const fields: Record<string, string> = {};
  const fieldCodes: FieldCodes = {};
  for (const issue of error.validation ?? []) {
    const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const key = path || ((issue.params as { missingProperty?: string })?.missingProperty ?? '_');
    if (fields[key]) continue;
    fields[key] = issue.message ?? 'Valeur invalide.';
    const { refusal, ...params } = ((issue.params as { params?: Record<string, string | number> } | undefined)?.params ?? {}) as Record<
      string,
      string | number
    >;
    if (typeof refusal === 'string') fieldCodes[key] = { code: refusal, params };
  }
  return { fields, fieldCodes };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendAppError(reply, error);

  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const { fields, fieldCodes } = fieldsFromValidation(error);
    return send(reply, 'VALIDATION', undefined, fields, fieldCodes);
  }

  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
    return send(reply, 'INTERNAL');
  }

  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return send(reply, mapped);

  if (error.statusCode === 429) return send(reply, 'RATE_LIMITED');
  if (error instanceof SyntaxError && error.statusCode === 400) return send(reply, 'INVALID_JSON');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error');
    const code: ErrorCode =
      error.statusCode === 413
        ? 'PAYLOAD_TOO_LARGE'
        : error.statusCode === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : error.statusCode === 404
            ? 'NOT_FOUND'
            : 'BAD_REQUEST';
    return send(reply, code);
  }

  // Database constraint failures that slipped past validation are conflicts, not crashes.
  const pgCode = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (pgCode === '23505') return send(reply, 'CONFLICT', 'Cet élément existe déjà.');
  if (pgCode === '23503') return send(reply, 'CONFLICT', 'Cet élément est lié à d’autres données.');
  // 22021: a byte sequence PostgreSQL refuses (NUL) that reached a query without a schema.
  if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22001' || pgCode === '22021') return send(reply, 'BAD_REQUEST');

  if (isConnectionLoss(error)) {
    request.log.warn({ err: error }, 'database connection lost');
    return send(reply, 'SERVICE_UNAVAILABLE');
  }

  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 'INTERNAL');
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}

export { send as sendError };
