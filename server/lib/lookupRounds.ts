/**
 * Lookups by key that must see every change committed before they were asked for (a signed-out token is refused
 * by the next request, on every instance), many keys to one statement.
 *
 * A key asked for joins the next round, never one already sent: a statement sent before the request arrived may
 * have a snapshot older than a change the request must see. The keys asked for in the same turn of the event loop,
 * or while the previous round's statement runs, wait together and go in one statement. Alone, a request costs one
 * statement, as a lookup of its own would; under load, one statement answers many requests. Nothing is kept once a
 * round has answered, so nothing can be stale: the bound on a revoked key is zero.
 */
/**
 * A round goes at the end of the event loop's turn, not at once: the requests read from the sockets in the same turn
 * join it. PGlite runs a statement on this thread, so nothing else arrives while it runs; without this wait every
 * request would be a round of its own.
 */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LookupRounds<K, V> {
  /** The round still taking keys: its statement has not been sent. */
  private next: { keys: Set<K>; answer: Promise<Map<K, V>> } | undefined;
  /** The last round sent (settled or not): the next one goes when it has answered. */
  private previous: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly lookUp: (keys: K[]) => Promise<Map<K, V>>,
    /** Keys per statement at most: a bigger crowd waits for one more round. */
    private readonly maxKeys = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    let round = this.next;
    if (!round || round.keys.size >= this.maxKeys) {
      const keys = new Set<K>();
      const answer = this.previous.then(endOfTurn).then(() => {
        // Sent now: keys asked for from here on go to the round after this one.
        if (this.next?.keys === keys) this.next = undefined;
        return this.lookUp([...keys]);
      });
      this.previous = answer.catch(() => undefined);
      round = { keys, answer };
      this.next = round;
    }
    round.keys.add(key);
    return round.answer.then((found) => found.get(key));
  }
}
