/**
 * Resolves in a task of its own, so the browser can paint and answer input in between: long work split with it
 * blocks a phone's main thread for less than 50 ms at a time. A message is not throttled like a timer; where there is
 * no MessageChannel (an old engine, a test's DOM) a zero timer does the same.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
