// Content pages: home sliders, about, policies, shipping notes.
import { Type, type Static } from 'typebox';
import { ResponseObject, Bilingual, endpoints, LangQuery, Nullable } from './common';

export const Slide = ResponseObject({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** the spec allows none; this server always has one */
  image2: Nullable(Type.String()),
  status: Type.Integer(),
});
export type Slide = Static<typeof Slide>;

export const SlidesResponse = ResponseObject({ data: Type.Array(Slide) });
export type SlidesResponse = Static<typeof SlidesResponse>;

export const About = ResponseObject({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  image: Nullable(Type.String()),
});
export type About = Static<typeof About>;

export const AboutsResponse = ResponseObject({ data: Type.Array(About) });
export type AboutsResponse = Static<typeof AboutsResponse>;

/** Both languages in every answer: the SPA picks one. */
export const ContentPage = ResponseObject({ id: Type.Integer(), title: Bilingual, content: Bilingual });
export type ContentPage = Static<typeof ContentPage>;

export const ContentPagesResponse = Type.Array(ContentPage);
export type ContentPagesResponse = Static<typeof ContentPagesResponse>;

export const ShippingNote = ResponseObject({
  id: Type.Integer(),
  created_at: Type.String(),
  details_ar: Type.String(),
  details_en: Type.String(),
});
export type ShippingNote = Static<typeof ShippingNote>;

export const ShippingNotesResponse = Type.Array(ShippingNote);
export type ShippingNotesResponse = Static<typeof ShippingNotesResponse>;

export const Content = endpoints({
  sliders: {
    method: 'GET',
    url: '/sliders',
    schema: { querystring: LangQuery, response: { 200: SlidesResponse } },
  },
  abouts: {
    method: 'GET',
    url: '/abouts',
    schema: { querystring: LangQuery, response: { 200: AboutsResponse } },
  },
  privacyPolicies: {
    method: 'GET',
    url: '/privacy_policies',
    schema: { querystring: LangQuery, response: { 200: ContentPagesResponse } },
  },
  refunds: {
    method: 'GET',
    url: '/refunds',
    schema: { querystring: LangQuery, response: { 200: ContentPagesResponse } },
  },
  shippings: {
    method: 'GET',
    url: '/shippings',
    schema: { querystring: LangQuery, response: { 200: ShippingNotesResponse } },
  },
});
