import { SharedReads, WriteCounter } from './sharedReads';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SharedReads', () => {
  it('lets identical requests share the read that is running, and keeps nothing after it', async () => {
    const reads = new SharedReads<string>(() => 0);
    const first = deferred<string>();
    let started = 0;
    const a = reads.get('p1', () => {
      started += 1;
      return first.promise;
    });
    const b = reads.get('p1', () => {
      started += 1;
      return Promise.resolve('second');
    });
    expect(started).toBe(1);
    first.resolve('first');
    expect(await Promise.all([a, b])).toEqual(['first', 'first']);
    expect(await reads.get('p1', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('starts a new read for other keys and after a write was answered', async () => {
    const writes = new WriteCounter();
    const reads = new SharedReads<string>(() => writes.current);
    const running = deferred<string>();
    const before = reads.get('p1', () => running.promise);
    expect(await reads.get('p2', () => Promise.resolve('other'))).toBe('other');
    writes.written();
    const after = reads.get('p1', () => Promise.resolve('after the write'));
    running.resolve('before the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
  });

  it('does not share a failed read once it has failed', async () => {
    const reads = new SharedReads<string>(() => 0);
    await expect(reads.get('p1', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await reads.get('p1', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps an answer until the version moves when asked to', async () => {
    let version = 0;
    const reads = new SharedReads<string>(() => version, { keep: true });
    expect(await reads.get('p1', () => Promise.resolve('first'))).toBe('first');
    expect(await reads.get('p1', () => Promise.resolve('second'))).toBe('first');
    version += 1;
    expect(await reads.get('p1', () => Promise.resolve('third'))).toBe('third');
    await expect(reads.get('p2', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await reads.get('p2', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps no more keys than maxEntries: past it, what was kept is read again', async () => {
    const reads = new SharedReads<string>(() => 0, { keep: true, maxEntries: 2 });
    expect(await reads.get('a', () => Promise.resolve('a1'))).toBe('a1');
    expect(await reads.get('b', () => Promise.resolve('b1'))).toBe('b1');
    expect(await reads.get('a', () => Promise.resolve('a2'))).toBe('a1');
    expect(await reads.get('c', () => Promise.resolve('c1'))).toBe('c1');
    expect(await reads.get('a', () => Promise.resolve('a3'))).toBe('a3');
    expect(await reads.get('c', () => Promise.resolve('c2'))).toBe('c1');
  });
});
