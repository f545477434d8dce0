import { LookupRounds } from './lookupRounds';

/** The end of the event loop's turn has passed: a round waiting for it has been sent. */
async function turn() {
  for (let i = 0; i < 2; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A table the test changes, read by statements the test finishes by hand. */
function table() {
  const rows = new Map<string, string>([
    ['a', 'row a'],
    ['b', 'row b'],
  ]);
  const sent: string[][] = [];
  const finish: (() => void)[] = [];
  const rounds = new LookupRounds<string, string>((keys) => {
    sent.push(keys);
    // The statement's snapshot is taken when it is sent.
    const answer = new Map(keys.flatMap((key) => (rows.has(key) ? [[key, rows.get(key) ?? '']] : [])));
    return new Promise((resolve) => finish.push(() => resolve(answer)));
  }, 3);
  /** Lets the round waiting go, then answers the oldest statement sent. */
  const settle = async () => {
    await turn();
    finish.shift()?.();
    await turn();
  };
  return { rows, sent, rounds, settle };
}

describe('LookupRounds', () => {
  it('looks up the keys asked for in the same turn in one statement', async () => {
    const { sent, rounds, settle } = table();
    const asked = [rounds.get('a'), rounds.get('b'), rounds.get('a'), rounds.get('x')];
    await settle();
    expect(await Promise.all(asked)).toEqual(['row a', 'row b', 'row a', undefined]);
    expect(sent).toEqual([['a', 'b', 'x']]);
  });

  it('never answers a key from a statement sent before it was asked for', async () => {
    const { rows, sent, rounds, settle } = table();
    const early = rounds.get('a');
    await turn();
    expect(sent).toEqual([['a']]);
    // Signed out while the first statement runs; asked for again after that, over two turns.
    rows.delete('a');
    const late = rounds.get('a');
    await turn();
    const alsoLate = rounds.get('b');
    expect(sent).toHaveLength(1);
    await settle();
    expect(await early).toBe('row a');
    await settle();
    expect(await late).toBeUndefined();
    expect(await alsoLate).toBe('row b');
    expect(sent).toEqual([['a'], ['a', 'b']]);
    // Nothing is kept: a later ask is a new statement.
    const again = rounds.get('b');
    await settle();
    expect(await again).toBe('row b');
    expect(sent).toHaveLength(3);
  });

  it('sends at most maxKeys keys per statement', async () => {
    const { sent, rounds, settle } = table();
    const asked = ['a', 'b', 'c', 'd'].map((key) => rounds.get(key));
    await settle();
    await settle();
    expect(await Promise.all(asked)).toEqual(['row a', 'row b', undefined, undefined]);
    expect(sent).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('fails the round whose statement failed, and goes on with the next', async () => {
    let fail = true;
    const rounds = new LookupRounds<string, string>((keys) =>
      fail ? Promise.reject(new Error('db down')) : Promise.resolve(new Map(keys.map((k) => [k, k]))),
    );
    await expect(rounds.get('a')).rejects.toThrow('db down');
    fail = false;
    expect(await rounds.get('a')).toBe('a');
  });
});
