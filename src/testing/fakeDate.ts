/**
 * Fakes only the date (`Date.now()` and `new Date()`, which RTK Query reads for its cache's age), not the timers:
 * testing-library's waits and msw keep running on real time. Move it with `jest.setSystemTime`.
 */
export function fakeDateOnly(now: number): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
