// Saved delivery addresses of the signed-in shopper.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Addresses } from '../../contract/addresses';
import { addAddress, listAddresses } from '../services/addresses';

const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const auth = { preValidation: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get(Addresses.list.url, { ...auth, schema: Addresses.list.schema }, async (request) => ({
    addresses: await listAddresses(db, userIdOf(request.user)),
  }));

  app.post(Addresses.add.url, { ...auth, schema: Addresses.add.schema }, async (request, reply) => {
    const address = await addAddress(db, userIdOf(request.user), request.body ?? {});
    return reply.status(201).send({ message: 'Address added successfully', address });
  });
};

export default addressRoutes;
