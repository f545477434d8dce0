import type { FastifyServerOptions } from 'fastify';

type AjvOptions = NonNullable<NonNullable<FastifyServerOptions['ajv']>['customOptions']>;

/**
 * Fastify's ajv, set for the contract's schemas (contract/common.ts). The 422 wording comes from
 * fieldErrorsFromValidation in ./errors, which reads the failing schema and value that `verbose` adds.
 */
export const AJV_OPTIONS: AjvOptions = {
  // Every broken field at once, so a form shows all its 422 messages after one submit.
  allErrors: true,
  verbose: true,
  // A number where text belongs is an error, not text: "must be a string", as the forms expect.
  coerceTypes: false,
  // A password confirmation is compared with its sibling field.
  $data: true,
  // Digits and ids may come as a JSON number or a numeric string.
  allowUnionTypes: true,
  // Annotations, not validation keywords: the first two are read by the error formatter, the last by the published
  // API document (contract/common.ts says each); the document leaves all three out.
  keywords: ['bail', 'errorMessage', 'requiredByService'],
};
