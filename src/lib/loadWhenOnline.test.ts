import { loadWhenOnline, RELOAD_AFTER_MS } from './loadWhenOnline';

describe('loadWhenOnline', () => {
  afterEach(() => jest.useRealTimers());

  it('a failed load is tried again when the connection is back, and never rejects', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce('footer');
    const loaded = loadWhenOnline(load);
    let settled = false;
    void loaded.then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('footer');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('without an online event it tries again after a while', async () => {
    jest.useFakeTimers();
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce('footer');
    const loaded = loadWhenOnline(load);
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_MS);
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_MS);
    await expect(loaded).resolves.toBe('footer');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
