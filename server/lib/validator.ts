import AjvCompiler from '@fastify/ajv-compiler';
import {
  SerializerSelector,
  type Options as SerializerOptions,
  type RouteDefinition,
  type Serializer,
} from '@fastify/fast-json-stringify-compiler';
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

/** One validator pool for every app this process builds (see SCHEMA_CONTROLLER). */
const sharedValidators = AjvCompiler();
const serializerFactory = SerializerSelector();
/** Response serializers compiled so far, per schema object, then per the external schemas and options used. */
const serializers = new WeakMap<object, Map<string, Serializer>>();

/**
 * Fastify's own compilers (ajv, fast-json-stringify), shared by every app built in this process: ajv keeps what it
 * compiled per schema object, and the contract's schemas are the same objects for each app, so another app (the
 * tests build hundreds, one per file and more) compiles nothing again. Compiling took about 0.4 s of each app's
 * start. A process that builds one app, as a shop's server does, compiles the same as before.
 */
export const SCHEMA_CONTROLLER: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: sharedValidators,
    buildSerializer: (externalSchemas, options) => {
      const compile = serializerFactory(externalSchemas, options as SerializerOptions | undefined);
      const settings = JSON.stringify([externalSchemas ?? null, options ?? null]);
      return (route: RouteDefinition) => {
        const schema = route.schema;
        if (typeof schema !== 'object' || schema === null) return compile(route);
        const compiled = serializers.get(schema) ?? new Map<string, Serializer>();
        serializers.set(schema, compiled);
        const known = compiled.get(settings);
        if (known) return known;
        const serializer = compile(route);
        compiled.set(settings, serializer);
        return serializer;
      };
    },
  },
};
