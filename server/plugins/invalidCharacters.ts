import type { FastifyInstance, FastifyRequest } from 'fastify';
import { humanField, validationError, type FieldErrors } from '../lib/errors';

/** PostgreSQL text cannot hold U+0000; any string carrying one would fail its query with a 500. */
const NUL = '\u0000';

/** Enough to name every broken field of a form; a hostile body gets no longer an answer for more. */
const MAX_REPORTED = 20;

/**
 * Dotted paths of every string (or key) holding a NUL. Walked with an explicit stack: a JSON body may nest
 * deeper than the call stack reaches.
 */
export function fieldsWithInvalidCharacters(input: unknown): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (value.includes(NUL)) found.push(path || 'body');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value as Record<string, unknown>);
    // Reversed onto the stack, so fields are reported in the order they were sent.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as readonly [string, unknown];
      if (key.includes(NUL)) {
        found.push(path || 'body');
        continue;
      }
      pending.push({ value: item, path: path ? `${path}.${key}` : key });
    }
  }
  return [...new Set(found)];
}

function invalidCharacterErrors(request: FastifyRequest): FieldErrors | null {
  const fields = [
    ...fieldsWithInvalidCharacters(request.params),
    ...fieldsWithInvalidCharacters(request.query),
    ...fieldsWithInvalidCharacters(request.body),
  ];
  if (fields.length === 0) return null;
  const errors: FieldErrors = {};
  for (const field of fields) errors[field] = [`The ${humanField(field)} field contains invalid characters.`];
  return errors;
}

/**
 * One guard for every route instead of a check per field: parameters, query and the parsed body are refused
 * with a 422 before validation and before any handler runs. (Multipart bodies are read by their handler.)
 */
export function registerInvalidCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors = invalidCharacterErrors(request);
    if (errors) throw validationError(errors);
  });
}
