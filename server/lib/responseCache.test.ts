import { ResponseCache } from './responseCache';

describe('ResponseCache', () => {
  it('answers from memory until the entry expires', async () => {
    let now = 0;
    let computed = 0;
    const cache = new ResponseCache<number>(1000, () => now);
    const compute = () => Promise.resolve(++computed);
    expect(await cache.get('a', compute)).toBe(1);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent misses and forgets failures', async () => {
    let calls = 0;
    const cache = new ResponseCache<string>(1000);
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++calls}`), 5));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual(['v1', 'v1']);
    const failing = new ResponseCache<string>(1000);
    await expect(failing.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await failing.get('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});
