import { forgetFormerKeys, SNAPSHOT_PREFIX } from './cacheSnapshot';

describe('forgetFormerKeys', () => {
  afterEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('removes what earlier builds stored and nothing this build reads', () => {
    // An earlier build's copy of the server's favorites list and its own checkout draft key.
    window.localStorage.setItem('persist:favorites', '{"saved":"{\\"1\\":true}"}');
    window.sessionStorage.setItem('checkout', '{"draft":{}}');
    // What this build keeps.
    window.localStorage.setItem(`${SNAPSHOT_PREFIX}favorites`, '{"ids":[1]}');
    window.localStorage.setItem('persist:cart', '{}');
    window.sessionStorage.setItem('persist:checkout', '{}');

    forgetFormerKeys();

    expect(window.localStorage.getItem('persist:favorites')).toBeNull();
    expect(window.sessionStorage.getItem('checkout')).toBeNull();
    expect(window.localStorage.getItem(`${SNAPSHOT_PREFIX}favorites`)).toBe('{"ids":[1]}');
    expect(window.localStorage.getItem('persist:cart')).toBe('{}');
    expect(window.sessionStorage.getItem('persist:checkout')).toBe('{}');
  });
});
