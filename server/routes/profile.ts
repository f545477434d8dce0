import type { FastifyPluginAsync } from 'fastify';

const profileRoutes: FastifyPluginAsync = async () => {};
export default profileRoutes;
