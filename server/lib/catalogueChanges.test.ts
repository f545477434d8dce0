import { CatalogueChanges, type WatchedVersion } from './catalogueChanges';

/** A watch over a version the test sets, read through a clock the test moves. */
function watched(intervalMs = 500) {
  const state = { now: 0, version: '1', reads: 0, fail: false, errors: 0 };
  const changes = new CatalogueChanges({
    readVersion: () => {
      state.reads += 1;
      return state.fail ? Promise.reject(new Error('db down')) : Promise.resolve(state.version);
    },
    intervalMs,
    now: () => state.now,
    onError: () => {
      state.errors += 1;
    },
  });
  let drops = 0;
  changes.onChange(() => {
    drops += 1;
  });
  return { state, changes, drops: () => drops };
}

describe('CatalogueChanges', () => {
  it('tells its listeners of a change made by this process at once', () => {
    const changes = new CatalogueChanges();
    const heard: string[] = [];
    const stop = changes.onChange(() => heard.push('a'));
    changes.onChange(() => heard.push('b'));
    changes.changed();
    stop();
    changes.changed();
    expect(heard).toEqual(['a', 'b', 'b']);
    // Without a watch nothing is read.
    expect(changes.fresh()).toBeUndefined();
  });

  it('reads the version at most once per interval, one read for the requests that ask meanwhile', async () => {
    const { state, changes, drops } = watched();
    const first = changes.fresh();
    expect(changes.fresh()).toBe(first);
    await first;
    expect(state.reads).toBe(1);
    // The first read has nothing to compare with: what may have been cached before it goes.
    expect(drops()).toBe(1);
    state.now = 499;
    expect(changes.fresh()).toBeUndefined();
    state.now = 500;
    await changes.fresh();
    expect(state.reads).toBe(2);
    expect(drops()).toBe(1);
  });

  it('drops everything when another writer moved the version', async () => {
    const { state, changes, drops } = watched();
    await changes.fresh();
    state.version = '2';
    // Within the interval the move is not seen yet: that is the bound.
    state.now = 100;
    expect(changes.fresh()).toBeUndefined();
    expect(drops()).toBe(1);
    state.now = 500;
    await changes.fresh();
    expect(drops()).toBe(2);
  });

  it('counts the interval from the start of a read: a slow read does not lengthen the bound', async () => {
    let now = 0;
    let finish: (version: string) => void = () => undefined;
    const changes = new CatalogueChanges({
      readVersion: () => new Promise<string>((resolve) => (finish = resolve)),
      intervalMs: 500,
      now: () => now,
    });
    const reading = changes.fresh();
    now = 400;
    finish('1');
    await reading;
    now = 499;
    expect(changes.fresh()).toBeUndefined();
    now = 500;
    expect(changes.fresh()).toBeDefined();
  });

  it('drops everything while the version cannot be read, asks again on the next request, and tells once', async () => {
    const { state, changes, drops } = watched();
    await changes.fresh();
    state.fail = true;
    state.now = 500;
    await expect(changes.fresh()).resolves.toBeUndefined();
    expect(drops()).toBe(2);
    // No interval after a failure: the next request reads again.
    await changes.fresh();
    expect(state.reads).toBe(3);
    expect(drops()).toBe(3);
    expect(state.errors).toBe(1);
    state.fail = false;
    await changes.fresh();
    // Back: what was read while the version was unknown goes once more.
    expect(drops()).toBe(4);
    state.now = 600;
    expect(changes.fresh()).toBeUndefined();
  });
});

/**
 * A watch over versions the test moves (`readAfter` sets them and lets the interval pass, then reads), with three
 * listeners: answers (show stock), groups (ignore stock) and pages (show content); `heard` says who was told since
 * the first read.
 */
async function watchedVersions(first: WatchedVersion) {
  let version = first;
  let now = 0;
  const changes = new CatalogueChanges({
    readVersion: () => Promise.resolve(version),
    intervalMs: 500,
    now: () => now,
  });
  const heard: string[] = [];
  changes.onChange(() => heard.push('answers'));
  changes.onChange(() => heard.push('groups'), { ignoresStock: true });
  changes.onChange(() => heard.push('pages'), { showsContent: true });
  await changes.fresh();
  heard.length = 0;
  const readAfter = async (next: WatchedVersion) => {
    version = next;
    now += 500;
    await changes.fresh();
  };
  return { changes, heard, readAfter };
}

describe('CatalogueChanges with a stock version', () => {
  it('a stock move drops what shows stock and leaves the listeners that ignore it; a catalogue move drops both', async () => {
    const { changes, heard, readAfter } = await watchedVersions({ catalogue: '1', stock: '1' });
    await readAfter({ catalogue: '1', stock: '2' });
    expect(heard).toEqual(['answers', 'pages']);

    await readAfter({ catalogue: '2', stock: '2' });
    expect(heard).toEqual(['answers', 'pages', 'answers', 'groups', 'pages']);

    // This process's own change drops everything.
    heard.length = 0;
    changes.changed();
    expect(heard).toEqual(['answers', 'groups', 'pages']);
  });
});

describe('CatalogueChanges with a content version', () => {
  it('a content move drops only what shows content; a catalogue move drops everything', async () => {
    const { heard, readAfter } = await watchedVersions({ catalogue: '1', stock: '1', content: '1' });
    await readAfter({ catalogue: '1', stock: '1', content: '2' });
    expect(heard).toEqual(['pages']);

    // Stock and content at once: each listener hears it once.
    await readAfter({ catalogue: '1', stock: '2', content: '3' });
    expect(heard).toEqual(['pages', 'answers', 'pages']);

    await readAfter({ catalogue: '2', stock: '2', content: '3' });
    expect(heard).toEqual(['pages', 'answers', 'pages', 'answers', 'groups', 'pages']);
  });

  it("this process's own content change drops only what shows content", async () => {
    const { changes, heard } = await watchedVersions({ catalogue: '1', stock: '1', content: '1' });
    changes.contentChanged();
    expect(heard).toEqual(['pages']);
  });

  it('a watch without a content version compares the other two as before', async () => {
    const { heard, readAfter } = await watchedVersions({ catalogue: '1', stock: '1' });
    await readAfter({ catalogue: '1', stock: '1' });
    expect(heard).toEqual([]);
    await readAfter({ catalogue: '1', stock: '2' });
    expect(heard).toEqual(['answers', 'pages']);
  });
});
