// The back office's second factor (contract/secondFactor.ts): set-up, the sign-in's second step, the owner's choice
// for staff. Routes speak HTTP; services/secondFactor holds the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SecondFactor } from '../../contract/secondFactor';
import { clientAddressKey } from '../lib/clientAddress';
import { requireRecentProof } from '../plugins/reauth';
import { NotSignedIn } from '../services/errors';
import {
  beginEnrolment,
  changeShopSecurity,
  finishEnrolment,
  proveSecondFactor,
  reauthenticate,
  secondFactorStatus,
  shopSecurity,
  type Holder,
} from '../services/secondFactor';

export const SECOND_STEP_PASSED = 'Signed in to the back office.';
export const REAUTHENTICATED = 'Confirmed.';

function holderOf(request: FastifyRequest): Holder {
  const user = request.user;
  if (!user?.tokenId || !user.role) throw new NotSignedIn();
  return { id: user.id, email: user.email, role: user.role, tokenId: user.tokenId };
}

/** Code checks: 10 a minute per client address (the account's own lockout counts the guesses). */
const CODE_CHECK_LIMIT = {
  rateLimit: {
    max: 10,
    timeWindow: 60_000,
    groupId: 'second-factor',
    keyGenerator: (request: FastifyRequest) => `second-factor|${clientAddressKey(request.ip)}`,
  },
};

const secondFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  const account = { preValidation: app.requireStaffAccount };
  const owner = { preValidation: app.requireOwner };
  const deps = (request: FastifyRequest) => ({ db, config, log: request.log });

  app.get(SecondFactor.status.url, { ...account, schema: SecondFactor.status.schema }, async (request) =>
    secondFactorStatus(deps(request), holderOf(request), request.user?.secondStepPassed ?? false),
  );
  app.post(SecondFactor.enrol.url, { ...account, schema: SecondFactor.enrol.schema }, async (request) =>
    beginEnrolment(deps(request), holderOf(request)),
  );
  app.post(
    SecondFactor.confirm.url,
    { ...account, config: CODE_CHECK_LIMIT, schema: SecondFactor.confirm.schema },
    async (request) => finishEnrolment(deps(request), holderOf(request), request.body.code),
  );
  app.post(
    SecondFactor.check.url,
    { ...account, config: CODE_CHECK_LIMIT, schema: SecondFactor.check.schema },
    async (request) => {
      await proveSecondFactor(deps(request), holderOf(request), request.body.code, true);
      return { message: SECOND_STEP_PASSED };
    },
  );

  app.post(
    SecondFactor.reauth.url,
    { preValidation: app.requireStaff, config: CODE_CHECK_LIMIT, schema: SecondFactor.reauth.schema },
    async (request) => {
      await reauthenticate(deps(request), holderOf(request), request.body);
      return { message: REAUTHENTICATED };
    },
  );

  app.get(SecondFactor.security.url, { ...owner, schema: SecondFactor.security.schema }, async () =>
    shopSecurity(db),
  );
  app.put(
    SecondFactor.setSecurity.url,
    // Whether staff need an app is a staff change: it asks for a recent proof.
    { ...owner, preHandler: requireRecentProof(config.now), schema: SecondFactor.setSecurity.schema },
    async (request) => changeShopSecurity(db, request.body.staff_second_factor, config.now()),
  );
};

export default secondFactorRoutes;
