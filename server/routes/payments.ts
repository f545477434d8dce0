import type { FastifyPluginAsync } from 'fastify';

// Placeholder owned by part B of the server; app.ts registers the default export under /api.
const routes: FastifyPluginAsync = async () => {};

export default routes;

/** Pages outside /api (the sandbox's hosted pay page at /pay/sandbox/:paymentId); registered at the root. */
export const pageRoutes: FastifyPluginAsync = async () => {};
