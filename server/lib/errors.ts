import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  Conflict,
  DomainError,
  Forbidden,
  Invalid,
  NotFound,
  NotSignedIn,
  summarizeFieldErrors,
  TOO_MANY_ATTEMPTS,
  TooManyAttempts,
  Unavailable,
  UpstreamFailed,
  type FieldErrors,
} from './domainErrors';

export { summarizeFieldErrors, type FieldErrors };
export { EMAIL_NOT_VERIFIED, TOO_MANY_ATTEMPTS, UNAUTHENTICATED } from './domainErrors';

/**
 * An answer the HTTP layer itself decides (rate limits, the input guard, a refused upload); the global handler
 * turns it into `{ message, errors? }` with its status. The shop's own refusals are DomainErrors.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function validationError(errors: FieldErrors, message?: string): HttpError {
  return new HttpError(422, message ?? summarizeFieldErrors(errors), errors);
}

export const INVALID_CHARACTERS = 'The request contains invalid characters.';

/** "phone_number" → "phone number", as in Laravel's messages. */
export function humanField(field: string): string {
  return field.replace(/[_.]+/g, ' ').trim();
}

/** One ajv error; `parentSchema` and `data` are there because the app's ajv runs with `verbose`. */
export interface AjvIssue {
  instancePath?: string;
  schemaPath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  parentSchema?: unknown;
  data?: unknown;
}

function fieldOf(issue: AjvIssue): string {
  const pathField = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty;
  if (issue.keyword === 'required' && typeof missing === 'string') {
    return pathField ? `${pathField}.${missing}` : missing;
  }
  return pathField || 'body';
}

/** The contract's annotations on the schema that failed (see contract/common.ts: `bail`, `errorMessage`). */
interface Annotations {
  bail?: unknown;
  errorMessage?: unknown;
}

function annotationsOf(issue: AjvIssue): Annotations {
  return typeof issue.parentSchema === 'object' && issue.parentSchema !== null
    ? (issue.parentSchema as Annotations)
    : {};
}

function defaultMessage(issue: AjvIssue, field: string): string {
  const name = humanField(field);
  const limit = issue.params?.limit;
  switch (issue.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'type': {
      const expected = String(issue.params?.type ?? 'valid value');
      if (expected.includes('integer')) return `The ${name} field must be an integer.`;
      if (expected.includes('number')) return `The ${name} field must be a number.`;
      if (expected.includes('string')) return `The ${name} field must be a string.`;
      if (expected.includes('boolean')) return `The ${name} field must be true or false.`;
      if (expected.includes('array')) return `The ${name} field must be an array.`;
      if (expected.includes('object'))
        return field === 'body'
          ? 'The request body must be a JSON object.'
          : `The ${name} field must be an object.`;
      return `The ${name} field is invalid.`;
    }
    case 'minLength':
      return limit === 1
        ? `The ${name} field is required.`
        : `The ${name} field must be at least ${String(limit)} characters.`;
    case 'maxLength':
      return `The ${name} field must not be greater than ${String(limit)} characters.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `The ${name} field must be at least ${String(limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `The ${name} field must not be greater than ${String(limit)}.`;
    case 'format':
      return issue.params?.format === 'email'
        ? `The ${name} field must be a valid email address.`
        : `The ${name} field format is invalid.`;
    case 'pattern':
      return `The ${name} field format is invalid.`;
    case 'enum':
      return `The selected ${name} is invalid.`;
    case 'minItems':
      return `The ${name} field must have at least ${String(limit)} items.`;
    case 'maxItems':
      return `The ${name} field must not have more than ${String(limit)} items.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

/** The schema's own wording when it has one (`:attribute` = the field's name in words), else the default. */
function messageOf(issue: AjvIssue, field: string): string {
  const custom = annotationsOf(issue).errorMessage;
  const template =
    typeof custom === 'string'
      ? custom
      : typeof custom === 'object' && custom !== null && issue.keyword
        ? (custom as Record<string, unknown>)[issue.keyword]
        : undefined;
  return typeof template === 'string'
    ? template.replace(/:attribute/g, humanField(field))
    : defaultMessage(issue, field);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Laravel's rule order for a `bail` field: missing or blank, then the type, then its `allOf` list in order. */
function bailOrder(issue: AjvIssue): [number, number, number] {
  const kind = issue.keyword === 'required' || isBlank(issue.data) ? 0 : issue.keyword === 'type' ? 1 : 2;
  const position = /\/allOf\/(\d+)\//.exec(issue.schemaPath ?? '');
  const lengthLike = /^(min|max)(Length|imum)$/.test(issue.keyword ?? '');
  return [kind, position ? Number(position[1]) : 0, lengthLike ? 1 : 0];
}

function firstByRuleOrder(issues: readonly AjvIssue[]): AjvIssue | undefined {
  const compare = (a: AjvIssue, b: AjvIssue) => {
    const [left, right] = [bailOrder(a), bailOrder(b)];
    return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
  };
  // A stable sort keeps ajv's own order among equals.
  return [...issues].sort(compare)[0];
}

/**
 * The validator's failures as the 422 body the SPA maps onto form fields: every distinct message per field, or,
 * for a field marked `bail`, only its first failing rule (a blank value reads as missing).
 */
export function fieldErrorsFromValidation(issues: readonly AjvIssue[]): FieldErrors {
  const byField = new Map<string, AjvIssue[]>();
  for (const issue of issues) {
    const field = fieldOf(issue);
    const list = byField.get(field) ?? [];
    list.push(issue);
    byField.set(field, list);
  }
  const errors: FieldErrors = {};
  for (const [field, fieldIssues] of byField) {
    if (fieldIssues.some((issue) => annotationsOf(issue).bail === true)) {
      const first = firstByRuleOrder(fieldIssues);
      if (!first) continue;
      const kind = bailOrder(first)[0];
      errors[field] = [kind === 0 ? `The ${humanField(field)} field is required.` : messageOf(first, field)];
      continue;
    }
    const messages: string[] = [];
    for (const issue of fieldIssues) {
      const message = messageOf(issue, field);
      if (!messages.includes(message)) messages.push(message);
    }
    errors[field] = messages;
  }
  return errors;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length.',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart.',
  // The router's refusals before any route: the address itself is not echoed back.
  FST_ERR_BAD_URL: 'This address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
};

interface ErrorLike {
  statusCode?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: unknown;
}

/** SQLSTATEs of text the database cannot store (a NUL, a character outside the encoding). */
const INVALID_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/** The driver's SQLSTATE, on the error itself or on the cause Drizzle wraps it in. */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function statusOf(error: ErrorLike): number | undefined {
  const status = typeof error.statusCode === 'number' ? error.statusCode : error.status;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

/** The one mapping from the shop's refusals to HTTP statuses. */
export function statusOfDomainError(error: DomainError): number {
  if (error instanceof Invalid) return 422;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotSignedIn) return 401;
  if (error instanceof TooManyAttempts) return 429;
  if (error instanceof Unavailable) return 503;
  if (error instanceof UpstreamFailed) return 502;
  return 500;
}

/**
 * One place decides every error answer: the services' DomainErrors, the HTTP layer's HttpErrors, Fastify's schema and body-parser errors, plugin errors
 * (rate limit, multipart). Anything the client caused keeps its 4xx status; the rest is a logged 500 that
 * reveals nothing.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) {
    const status = statusOfDomainError(error);
    if (status >= 500) request.log.warn({ err: error }, 'service unavailable');
    // A lockout knows when it ends (lib/guessLockout): the client may wait exactly that long.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.status(status).send({
      message: error.message,
      ...(error.fields ? { errors: error.fields } : {}),
      ...(error.code ? { code: error.code } : {}),
    });
  }
  if (error instanceof HttpError) {
    return reply
      .status(error.status)
      .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  const like: ErrorLike = typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
  if (Array.isArray(like.validation)) {
    const errors = fieldErrorsFromValidation(like.validation as AjvIssue[]);
    return reply.status(422).send({ message: summarizeFieldErrors(errors), errors });
  }
  // The input guard refuses NULs first; this catches whatever text still slips through to the database.
  const sqlState = sqlStateOf(error);
  if (sqlState && INVALID_TEXT_SQLSTATES.has(sqlState)) {
    return reply.status(422).send({ message: INVALID_CHARACTERS });
  }
  const status = statusOf(like);
  if (status === 429) return reply.status(429).send({ message: TOO_MANY_ATTEMPTS });
  if (status !== undefined && status < 500) {
    const code = typeof like.code === 'string' ? like.code : '';
    const message =
      CLIENT_ERROR_MESSAGES[code] ?? (typeof like.message === 'string' ? like.message : 'Bad Request.');
    // Bad JSON is a malformed request (400); everything else keeps the status the parser chose.
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: 'Server Error' });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
}
