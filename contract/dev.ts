// Outside production only: the mail outbox that browser journeys read verification codes from.
import { Type, type Static } from 'typebox';
import { ResponseObject, endpoints, HealthResponse, IdText, Nullable, Secret } from './common';
import { OrderStatus } from './orders';

export const DevMailQuery = Type.Object({ to: Secret() });
export type DevMailQuery = Static<typeof DevMailQuery>;

export const DevMail = ResponseObject({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  /** the HTML part, for a mail that has one (the order mails) */
  html: Nullable(Type.String()),
  code: Nullable(Type.String()),
  created_at: Type.String(),
});
export type DevMail = Static<typeof DevMail>;

export const DevMailResponse = ResponseObject({ messages: Type.Array(DevMail) });
export type DevMailResponse = Static<typeof DevMailResponse>;

export const CompleteOrderParams = Type.Object({ id: IdText });

export const CompleteOrderResponse = ResponseObject({
  message: Type.String(),
  order_id: Type.Integer(),
  status: OrderStatus,
});
export type CompleteOrderResponse = Static<typeof CompleteOrderResponse>;

export const System = endpoints({
  health: {
    method: 'GET',
    url: '/health',
    schema: { response: { 200: HealthResponse } },
  },
  devMail: {
    method: 'GET',
    url: '/dev/mail',
    notes: 'not served in production; newest first, at most 50',
    schema: { querystring: DevMailQuery, response: { 200: DevMailResponse } },
  },
  completeOrder: {
    method: 'POST',
    url: '/dev/orders/:id/complete',
    notes:
      'not served in production; delivery happens outside this server, so journeys complete an order with this to rate its items; unknown 404',
    schema: { params: CompleteOrderParams, response: { 200: CompleteOrderResponse } },
  },
});
