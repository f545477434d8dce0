import type { FastifyInstance } from 'fastify';

/**
 * A form's body (contract/common.ts `Form`) that is not a JSON object reads as an empty one, so the 422 names the
 * missing fields as it does for `{}`.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as { bail?: unknown } | undefined;
    if (schema?.bail !== true) return;
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) request.body = {};
  });
}
