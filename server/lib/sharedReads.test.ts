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
});
