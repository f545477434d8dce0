import {
  localPersistStorage,
  openStorage,
  readJson,
  readKeptJson,
  writeJson,
  writeKeptJson,
} from './storage';
import { nextTask } from './nextTask';

describe('kept copies (the API answers stored in session storage)', () => {
  const catalogue = () => ({ storedAt: 1, data: [{ id: 1, products: [{ id: 2, name: 'Oud' }] }] });

  it('reads back the very value this page wrote, frozen, while storage holds its text', async () => {
    const written = catalogue();
    writeKeptJson('session', 'catalog:en:KWD:categories', written);
    const read = readKeptJson<ReturnType<typeof catalogue>>('session', 'catalog:en:KWD:categories');
    expect(read).toBe(written);
    expect(Object.isFrozen(read?.data[0]?.products[0])).toBe(true);
    await nextTask();
    expect(readJson('session', 'catalog:en:KWD:categories')).toEqual(written);
    expect(readKeptJson('session', 'catalog:en:KWD:categories')).toBe(written);
  });

  it('writes storage a task later, not in the task that hands the answer over; a page left writes it at once', async () => {
    const written = catalogue();
    writeKeptJson('session', 'catalog:en:KWD:best', written);
    expect(window.sessionStorage.getItem('catalog:en:KWD:best')).toBeNull();
    await nextTask();
    expect(readJson('session', 'catalog:en:KWD:best')).toEqual(written);

    writeKeptJson('session', 'catalog:en:KWD:coupons', written);
    window.dispatchEvent(new Event('pagehide'));
    expect(readJson('session', 'catalog:en:KWD:coupons')).toEqual(written);
  });

  it('another hand writing the key before the copy reaches storage wins', async () => {
    writeKeptJson('session', 'catalog:en:sliders', catalogue());
    window.sessionStorage.setItem('catalog:en:sliders', JSON.stringify({ storedAt: 5, data: [] }));
    expect(readKeptJson('session', 'catalog:en:sliders')).toEqual({ storedAt: 5, data: [] });
    await nextTask();
    expect(readJson('session', 'catalog:en:sliders')).toEqual({ storedAt: 5, data: [] });
  });

  it('parses once what another tab wrote, then hands out that value', async () => {
    writeKeptJson('session', 'catalog:ar:sliders', catalogue());
    await nextTask();
    // Another tab (or a hand) stores a newer copy under the same key.
    window.sessionStorage.setItem('catalog:ar:sliders', JSON.stringify({ storedAt: 2, data: [] }));
    const first = readKeptJson('session', 'catalog:ar:sliders');
    expect(first).toEqual({ storedAt: 2, data: [] });
    expect(readKeptJson('session', 'catalog:ar:sliders')).toBe(first);
  });

  it('a copy removed or broken in storage is no copy', async () => {
    writeKeptJson('session', 'about:en', catalogue());
    await nextTask();
    window.sessionStorage.removeItem('about:en');
    expect(readKeptJson('session', 'about:en')).toBeNull();
    window.sessionStorage.setItem('about:en', '{"storedAt": 3, "da');
    expect(readKeptJson('session', 'about:en')).toBeNull();
  });

  it('plain reads still parse a new value each time (callers may change theirs)', () => {
    writeJson('local', 'plain', { n: 1 });
    const first = readJson<{ n: number }>('local', 'plain');
    expect(readJson('local', 'plain')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });
});

describe('redux-persist engine', () => {
  it('reads a stored slice back in a later task, not in the same one (each slice its own task)', async () => {
    window.localStorage.setItem('persist:cart', '{"revision":"1"}');
    let read: string | null | undefined;
    const reading = localPersistStorage
      .getItem('persist:cart')
      .then((value: string | null) => (read = value));
    // However many microtasks pass, the read waits for a task of its own.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(read).toBeUndefined();
    await reading;
    expect(read).toBe('{"revision":"1"}');
  });
});

describe('openStorage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("reads from both areas, so the first read of the page is not in the language detector's task", () => {
    const read = jest.spyOn(Storage.prototype, 'getItem');
    openStorage();
    expect(read.mock.contexts).toEqual([window.localStorage, window.sessionStorage]);
  });

  it('keeps going when storage refuses (private mode, disabled cookies)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => openStorage()).not.toThrow();
  });
});
