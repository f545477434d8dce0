// Outside production only: the mail outbox that browser journeys read verification codes from.
import { Type, type Static } from 'typebox';
import { Answer, endpoints, HealthAnswer, Nullable, Secret } from './common';

export const DevMailQuery = Type.Object({ to: Secret() });
export type DevMailQuery = Static<typeof DevMailQuery>;

export const DevMail = Answer({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  code: Nullable(Type.String()),
  created_at: Type.String(),
});
export type DevMail = Static<typeof DevMail>;

export const DevMailAnswer = Answer({ messages: Type.Array(DevMail) });
export type DevMailAnswer = Static<typeof DevMailAnswer>;

export const System = endpoints({
  health: {
    method: 'GET',
    url: '/health',
    schema: { response: { 200: HealthAnswer } },
  },
  devMail: {
    method: 'GET',
    url: '/dev/mail',
    notes: 'not served in production; newest first, at most 50',
    schema: { querystring: DevMailQuery, response: { 200: DevMailAnswer } },
  },
});
