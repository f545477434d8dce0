// Content pages: home sliders, about, policies, shipping notes.
import { Type, type Static } from 'typebox';
import { Answer, Bilingual, endpoints, LangQuery, Nullable } from './common';

export const Slide = Answer({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  /** the spec allows none; this server always has one */
  image2: Nullable(Type.String()),
  status: Type.Integer(),
});
export type Slide = Static<typeof Slide>;

export const SlidesAnswer = Answer({ data: Type.Array(Slide) });
export type SlidesAnswer = Static<typeof SlidesAnswer>;

export const About = Answer({
  id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  image: Nullable(Type.String()),
});
export type About = Static<typeof About>;

export const AboutsAnswer = Answer({ data: Type.Array(About) });
export type AboutsAnswer = Static<typeof AboutsAnswer>;

/** Both languages in every answer: the SPA picks one. */
export const ContentPage = Answer({ id: Type.Integer(), title: Bilingual, content: Bilingual });
export type ContentPage = Static<typeof ContentPage>;

export const ContentPagesAnswer = Type.Array(ContentPage);
export type ContentPagesAnswer = Static<typeof ContentPagesAnswer>;

export const ShippingNote = Answer({
  id: Type.Integer(),
  created_at: Type.String(),
  details_ar: Type.String(),
  details_en: Type.String(),
});
export type ShippingNote = Static<typeof ShippingNote>;

export const ShippingNotesAnswer = Type.Array(ShippingNote);
export type ShippingNotesAnswer = Static<typeof ShippingNotesAnswer>;

export const Content = endpoints({
  sliders: {
    method: 'GET',
    url: '/sliders',
    schema: { querystring: LangQuery, response: { 200: SlidesAnswer } },
  },
  abouts: {
    method: 'GET',
    url: '/abouts',
    schema: { querystring: LangQuery, response: { 200: AboutsAnswer } },
  },
  privacyPolicies: {
    method: 'GET',
    url: '/privacy_policies',
    schema: { querystring: LangQuery, response: { 200: ContentPagesAnswer } },
  },
  refunds: {
    method: 'GET',
    url: '/refunds',
    schema: { querystring: LangQuery, response: { 200: ContentPagesAnswer } },
  },
  shippings: {
    method: 'GET',
    url: '/shippings',
    schema: { querystring: LangQuery, response: { 200: ShippingNotesAnswer } },
  },
});
