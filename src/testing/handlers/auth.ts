import { http, HttpResponse, type JsonBodyType } from 'msw';

import { apiUrl } from '../server';

/** Nationalities as the contract answers them (`data.data`), in English or Arabic. */
export const NATIONALITIES = {
  en: [
    { id: 1, code: 'sy', name: 'Syrian' },
    { id: 2, code: 'eg', name: 'Egyptian' },
    { id: 16, code: 'kw', name: 'Kuwaiti' },
  ],
  ar: [
    { id: 1, code: 'sy', name: 'سوري' },
    { id: 2, code: 'eg', name: 'مصري' },
    { id: 16, code: 'kw', name: 'كويتي' },
  ],
};

/** Every request body one handler saw, in order, for assertions on payloads. */
export type Seen = Array<{ path: string; body: unknown; authorization: string | null }>;

/** A handler that records the request and answers `status` with `body`. */
export function answer(
  method: 'post' | 'get',
  path: string,
  status: number,
  body: JsonBodyType,
  seen?: Seen,
) {
  return http[method](apiUrl(path), async ({ request }) => {
    const requestBody = method === 'post' ? await request.json().catch(() => null) : null;
    seen?.push({ path, body: requestBody, authorization: request.headers.get('authorization') });
    return HttpResponse.json(body, { status });
  });
}

/** An answer with no JSON body at all (a proxy's error page). */
export function answerWithoutBody(path: string, status: number) {
  return http.post(apiUrl(path), () => new HttpResponse('<html>Bad gateway</html>', { status }));
}

/** The network is down: no answer. */
export function noAnswer(path: string) {
  return http.post(apiUrl(path), () => HttpResponse.error());
}

export const nationalitiesHandler = http.get(apiUrl('nationalities'), ({ request }) => {
  const ar = new URL(request.url).searchParams.get('lang') === 'ar';
  return HttpResponse.json({ data: ar ? NATIONALITIES.ar : NATIONALITIES.en });
});
