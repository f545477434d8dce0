// The language of a catalogue answer: read from the request, and the label chosen from a bilingual pair.
import type { FastifyRequest } from 'fastify';

export type Lang = 'en' | 'ar';

/** `?lang=ar` answers Arabic; anything else (or nothing) English. */
export function langOf(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.lang === 'ar' ? 'ar' : 'en';
}

export function localized(lang: Lang, en: string, ar: string): string {
  return lang === 'ar' ? ar : en;
}
