import { CatalogueResponses } from './catalogueResponses';
import { CatalogueChanges } from './catalogueChanges';

describe('CatalogueResponses', () => {
  it('keeps an answer until the catalogue changes', async () => {
    const changes = new CatalogueChanges();
    const answers = new CatalogueResponses<string>(changes, 100);
    let reads = 0;
    const read = () => Promise.resolve(`v${++reads}`);
    expect(await answers.get('p1', read)).toBe('v1');
    expect(await answers.get('p1', read)).toBe('v1');
    changes.changed();
    expect(await answers.get('p1', read)).toBe('v2');
  });

  it('asks the catalogue whether it is fresh before answering from memory', async () => {
    const state = { now: 0, version: '1' };
    const changes = new CatalogueChanges({
      readVersion: () => Promise.resolve(state.version),
      intervalMs: 500,
      now: () => state.now,
    });
    const answers = new CatalogueResponses<string>(changes, 100);
    let reads = 0;
    const read = () => Promise.resolve(`v${++reads}`);
    expect(await answers.get('p1', read)).toBe('v1');
    state.version = '2';
    expect(await answers.get('p1', read)).toBe('v1');
    state.now = 500;
    expect(await answers.get('p1', read)).toBe('v2');
  });

  it('shares a running read, and does not keep one that was running when the catalogue changed', async () => {
    const changes = new CatalogueChanges();
    const answers = new CatalogueResponses<string>(changes, 100);
    let finish: (value: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (finish = resolve));
    const first = answers.get('p1', slow);
    const second = answers.get('p1', () => Promise.resolve('never read'));
    changes.changed();
    finish('read before the change');
    expect(await first).toBe('read before the change');
    expect(await second).toBe('read before the change');
    expect(await answers.get('p1', () => Promise.resolve('read after'))).toBe('read after');
  });

  it('forgets failures', async () => {
    const answers = new CatalogueResponses<string>(new CatalogueChanges(), 100);
    await expect(answers.get('p1', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await answers.get('p1', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps at most maxEntries keys, the least recently asked for going first', async () => {
    const answers = new CatalogueResponses<string>(new CatalogueChanges(), 2);
    const value = (v: string) => () => Promise.resolve(v);
    await answers.get('a', value('a1'));
    await answers.get('b', value('b1'));
    expect(await answers.get('a', value('a2'))).toBe('a1');
    await answers.get('c', value('c1'));
    expect(answers.size).toBe(2);
    expect(await answers.get('a', value('a3'))).toBe('a1');
    expect(await answers.get('b', value('b2'))).toBe('b2');
  });
});
