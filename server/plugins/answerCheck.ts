import type { FastifyInstance } from 'fastify';
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
 * Outside production every answer is held against its contract schema before it is serialized: the serializer
 * would silently drop a field the contract forgot (or turn a null into 0), so a test or journey fails instead.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<number, TSchema> | undefined;
    const schema = responses?.[reply.statusCode];
    if (!schema) return payload;
    const checker = checkerFor(schema);
    if (!checker.Check(payload)) {
      const [first] = checker.Errors(payload);
      throw new Error(
        `${request.method} ${request.routeOptions.url ?? request.url} answered outside its contract: ` +
          `${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`,
      );
    }
    return payload;
  });
}
