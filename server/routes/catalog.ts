import type { FastifyPluginAsync } from 'fastify';

// Placeholder owned by part B of the server; app.ts registers the default export under /api.
const routes: FastifyPluginAsync = async () => {};

export default routes;
