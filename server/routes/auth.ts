import type { FastifyPluginAsync } from 'fastify';

const authRoutes: FastifyPluginAsync = async () => {};
export default authRoutes;
