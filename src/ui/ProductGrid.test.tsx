// Issue 48 (the phone row): a grid's cards that the phone's width does not show are left out of the page's
// hydration (ProductGrid's `kept`), while the cards it shows are hydrated and work as before.
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { takeOverEachTest } from '../testing/hydration';
import { ServerRendering } from './KeptUntilNear';
import { ProductGrid } from './ProductGrid';

const { mismatches } = takeOverEachTest();

const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** A card with a working button: it counts its taps once it is live. */
function Card({ name }: { name: string }) {
  const [taps, setTaps] = useState(0);
  return (
    <button type="button" onClick={() => setTaps(taps + 1)}>
      {name} {taps}
    </button>
  );
}

function Grid({ shown }: { shown: number }) {
  return (
    <ProductGrid
      items={ITEMS}
      keyOf={(item) => item}
      renderItem={(item) => <Card name={item} />}
      kept={{ from: 2, shown: () => shown }}
    />
  );
}

/** The server's grid, then the browser's hydration of it at a width that shows `shown` cards. */
async function hydratedShowing(shown: number) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <ServerRendering.Provider value>
      <Grid shown={2} />
    </ServerRendering.Provider>,
  );
  document.body.append(container);
  const serverMarkup = container.innerHTML;
  const recovered = jest.fn();
  await act(async () => {
    hydrateRoot(container, <Grid shown={shown} />, { onRecoverableError: recovered });
  });
  expect(recovered).not.toHaveBeenCalled();
  expect(mismatches()).toEqual([]);
  expect(container.innerHTML).toBe(serverMarkup);
  return {
    /**
     * Taps every card, and tells which were live already: a hydrated card counts the tap in its own element, a kept
     * one is rendered for the tap (ui/KeptUntilNear gives its click to the rendered card), in a new element.
     */
    async liveWhenTapped() {
      const before = [...container.querySelectorAll('button')];
      await act(async () => before.forEach((button) => button.click()));
      const after = [...container.querySelectorAll('button')];
      expect(after.map((button) => button.textContent)).toEqual(ITEMS.map((item) => `${item} 1`));
      return after.map((button, index) => button === before[index]);
    },
  };
}

test('the server wraps the cards from `from` on, and renders every card', () => {
  const markup = renderToString(
    <ServerRendering.Provider value>
      <Grid shown={8} />
    </ServerRendering.Provider>,
  );
  const container = document.createElement('div');
  container.innerHTML = markup;
  const items = [...container.querySelectorAll('li')];
  expect(items).toHaveLength(8);
  expect(items.map((item) => item.firstElementChild?.className)).toEqual([
    '',
    '',
    ...Array(6).fill('kept-until-near'),
  ]);
});

test('a phone (two cards shown) hydrates the first two cards only; the hidden ones keep the server markup', async () => {
  const { liveWhenTapped } = await hydratedShowing(2);
  expect(await liveWhenTapped()).toEqual([true, true, false, false, false, false, false, false]);
});

test('a wider screen hydrates the wrapped cards it shows, and keeps only the rest', async () => {
  const { liveWhenTapped } = await hydratedShowing(4);
  expect(await liveWhenTapped()).toEqual([true, true, true, true, false, false, false, false]);
});

test('a screen that shows every card hydrates them all', async () => {
  const { liveWhenTapped } = await hydratedShowing(8);
  expect(await liveWhenTapped()).toEqual(ITEMS.map(() => true));
});
