// Issue 48 (the phone row): a part far below the fold is left out of the page's hydration and rendered when it nears
// the screen, is touched or focused, or when what it shows changes.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { observersMade, scrollNear, takeOverEachTest } from '../testing/hydration';
import { KeptUntilNear, ServerRendering } from './KeptUntilNear';

const { mismatches } = takeOverEachTest();

/** A list with a working button: it counts its taps once it is live. */
function Counter({ label }: { label: string }) {
  const [taps, setTaps] = useState(0);
  return (
    <section>
      <h2>{label}</h2>
      <a href="/elsewhere">a link</a>
      <button type="button" onClick={() => setTaps(taps + 1)}>
        tapped {taps}
      </button>
    </section>
  );
}

function Page({ label = 'Similar products' }: { label?: string }) {
  return (
    <main>
      <h1>The product</h1>
      <KeptUntilNear showing={label}>
        <Counter label={label} />
      </KeptUntilNear>
    </main>
  );
}

/** The server's page (rendered whole), then the browser's hydration of it. */
async function hydrated() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <ServerRendering.Provider value>
      <Page />
    </ServerRendering.Provider>,
  );
  document.body.append(container);
  const kept = container.querySelector('.kept-until-near') as HTMLElement;
  const serverMarkup = kept.innerHTML;
  expect(serverMarkup).toContain('Similar products');
  const recovered = jest.fn();
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page />, { onRecoverableError: recovered });
  });
  return { container, kept, serverMarkup, recovered, root: root as ReturnType<typeof hydrateRoot> };
}

test('hydrating, the part stays as the server sent it: the same element and markup, not live, no mismatch', async () => {
  const { container, kept, serverMarkup, recovered } = await hydrated();
  expect(recovered).not.toHaveBeenCalled();
  expect(mismatches()).toEqual([]);
  expect(container.querySelector('.kept-until-near')).toBe(kept);
  expect(kept.innerHTML).toBe(serverMarkup);
  await act(async () => {
    kept.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  expect(kept.querySelector('button')?.textContent).toBe('tapped 0');
});

test('near the screen it renders, with the markup the server sent, and works', async () => {
  const { container, kept, serverMarkup } = await hydrated();
  await act(async () => scrollNear(kept));
  const live = container.querySelector('.kept-until-near') as HTMLElement;
  expect(live).not.toBe(kept);
  expect(live.innerHTML.replaceAll('<!-- -->', '')).toBe(serverMarkup.replaceAll('<!-- -->', ''));
  await act(async () => live.querySelector('button')?.click());
  expect(live.querySelector('button')?.textContent).toBe('tapped 1');
});

test('a tap on the kept markup is not lost: its click goes to the rendered markup at the same place', async () => {
  const { container, kept } = await hydrated();
  const button = kept.querySelector('button') as HTMLButtonElement;
  await act(async () => {
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    button.click();
  });
  const live = container.querySelector('.kept-until-near') as HTMLElement;
  expect(live).not.toBe(kept);
  expect(live.querySelector('button')?.textContent).toBe('tapped 1');
});

test('nearing the screen while a press on it is under way waits for the release: the press keeps its element', async () => {
  const { container, kept } = await hydrated();
  const button = kept.querySelector('button') as HTMLButtonElement;
  await act(async () => {
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    scrollNear(kept);
  });
  expect(container.querySelector('.kept-until-near')).toBe(kept);
  // The press became a scroll: the part renders then.
  await act(async () => {
    button.dispatchEvent(new Event('pointercancel', { bubbles: true }));
  });
  await waitFor(() => expect(container.querySelector('.kept-until-near')).not.toBe(kept));
});

test('focus reaching it (a keyboard, a screen reader) renders it and stays where it was', async () => {
  const { container, kept } = await hydrated();
  await act(async () => {
    (kept.querySelector('button') as HTMLButtonElement).focus();
  });
  const live = container.querySelector('.kept-until-near') as HTMLElement;
  expect(live).not.toBe(kept);
  expect(document.activeElement).toBe(live.querySelector('button'));
});

test('what it shows changing while kept renders it at once: a kept copy never shows stale data', async () => {
  const { container, kept, root } = await hydrated();
  await act(async () => root.render(<Page label="Recommended" />));
  await waitFor(() => expect(container.querySelector('.kept-until-near')).not.toBe(kept));
  expect(container.querySelector('.kept-until-near h2')?.textContent).toBe('Recommended');
});

test('a page the browser renders itself shows the part at once', () => {
  render(<Page />);
  expect(screen.getByRole('heading', { name: 'Similar products' })).toBeInTheDocument();
  expect(observersMade()).toBe(0);
});
