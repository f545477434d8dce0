import { delay, http, HttpResponse } from 'msw';

import { contentApi } from '../features/content/contentApi';
import { fakeServices } from '../testing/fakeServices';
import { apiUrl, server } from '../testing/server';
import { SLOW_REQUEST_MS } from './slowRequests';
import { makeStore as baseMakeStore } from './store';

describe('slow request notice', () => {
  let warnings: string[];
  let services: ReturnType<typeof fakeServices>;
  const makeStore = () => baseMakeStore(undefined, services.services);
  beforeEach(() => {
    services = fakeServices();
    warnings = [];
    services.services.notify.warning = (message) => void warnings.push(message);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('says the request takes too long once it has waited 5000 ms', async () => {
    server.use(http.get(apiUrl('abouts'), () => delay('infinite')));
    const store = makeStore();
    const request = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await jest.advanceTimersByTimeAsync(SLOW_REQUEST_MS - 1);
    expect(warnings).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(warnings).toEqual(['The request is taking too long. Please check your connection.']);
    request.abort();
    request.unsubscribe();
  });

  it('stays quiet for a request that answers in time', async () => {
    server.use(http.get(apiUrl('abouts'), () => HttpResponse.json({ data: [] })));
    const store = makeStore();
    const request = store.dispatch(contentApi.endpoints.getAbouts.initiate({ lang: 'en' }));
    await jest.advanceTimersByTimeAsync(10);
    await request;
    await jest.advanceTimersByTimeAsync(SLOW_REQUEST_MS * 2);
    expect(warnings).toEqual([]);
    request.unsubscribe();
  });
});
