import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * An answer as the route's serializer writes it, for a route that keeps it and sends it as it is: held to the contract
 * first when `check` (outside production), as the hook below holds the answers fastify serializes.
 */
export function serializedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: unknown,
  check: boolean,
): Buffer {
  if (check) checkAnswer(request, 200, answer);
  return Buffer.from(String(reply.serialize(answer)));
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
