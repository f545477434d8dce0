import {
  localPersistStorage,
  readCookie,
  readJson,
  readItem,
  writeCookie,
  writeItem,
  writeJson,
} from './storage';

describe('storage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads back what was written, and a text that is no JSON as nothing', () => {
    writeJson('local', 'plain', { n: 1 });
    expect(readJson('local', 'plain')).toEqual({ n: 1 });
    window.localStorage.setItem('broken', '{"n": 1');
    expect(readJson('local', 'broken')).toBeNull();
  });

  it('keeps going when storage refuses (private mode, quota, disabled cookies)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeItem('session', 'key', 'value')).not.toThrow();
    expect(readItem('session', 'key')).toBeNull();
  });

  it('is the engine redux-persist reads and writes the persisted state through', async () => {
    await localPersistStorage.setItem('persist:cart', '{"revision":"1"}');
    expect(await localPersistStorage.getItem('persist:cart')).toBe('{"revision":"1"}');
    await localPersistStorage.removeItem('persist:cart');
    expect(await localPersistStorage.getItem('persist:cart')).toBeNull();
  });

  it('writes a site-wide cookie the server can read, and reads it back decoded', () => {
    writeCookie('shop_test', 'a b;c');
    expect(readCookie('shop_test')).toBe('a b;c');
  });
});
