import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

type Checker = ReturnType<typeof Compile>;
const checkers = new WeakMap<object, Checker>();

function checkerFor(schema: TSchema): Checker {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = Compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

/**
 * Throws when `payload` is not what the route's contract says it answers with `statusCode`. Answers the route
 * serializes itself (cached JSON text) call it before serializing, as the hook below does for the others.
 */
export function checkAnswer(request: FastifyRequest, statusCode: number, payload: unknown): void {
  const responses = request.routeOptions.schema?.response as Record<number, TSchema> | undefined;
  const schema = responses?.[statusCode];
  if (!schema) return;
  const checker = checkerFor(schema);
  if (!checker.Check(payload)) {
    const [first] = checker.Errors(payload);
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? request.url} answered outside its contract: ` +
        `${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`,
    );
  }
}

/**
 * Outside production every answer is held against its contract schema before it is serialized: the serializer
 * would silently drop a field the contract forgot (or turn a null into 0), so a test or journey fails instead.
 */
export function registerResponseCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    checkAnswer(request, reply.statusCode, payload);
    return payload;
  });
}
