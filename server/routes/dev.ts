import type { FastifyPluginAsync } from 'fastify';

const devRoutes: FastifyPluginAsync = async () => {};
export const devMailPage: FastifyPluginAsync = async () => {};
export default devRoutes;
