import { act, fireEvent, screen } from '@testing-library/react';

import { installMatchMedia } from '../../../testing/matchMedia';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';
import { catalogHandlers } from '../testing/handlers';
import type { Slide } from '../types';
import { HomeSlider } from './HomeSlider';

const slide = (id: number, status: number): Slide => ({
  id,
  title: `Slide ${id}`,
  image: `/media/sliders/${id}.svg`,
  image2: null,
  status,
});

// Only status 1 is shown: 0 is hidden, and anything else is not "active" either.
const slides = [slide(1, 1), slide(2, 0), slide(3, 1), slide(4, 2), slide(5, 1)];

/** Which slide is on show: the others are hidden from assistive technology. */
const shownSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((group) => group.getAttribute('aria-hidden') !== 'true')
    .map((group) => group.querySelector('img')?.getAttribute('alt'));

const track = () => document.querySelector<HTMLElement>('.home-slider__track') as HTMLElement;

async function renderSlider(language: 'en' | 'ar' = 'en') {
  server.use(...catalogHandlers({ slides }));
  installMatchMedia({ width: 1280 });
  const result = renderWithProviders(<HomeSlider />, { language });
  await screen.findByAltText('Slide 1');
  return result;
}

describe('HomeSlider', () => {
  beforeEach(() => {
    // Fake from the start, so the interval set once the slides arrive runs on the fake clock.
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('keeps only slides with status 1', async () => {
    await renderSlider();
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
    expect(screen.queryByAltText('Slide 2')).not.toBeInTheDocument();
    expect(screen.queryByAltText('Slide 4')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
  });

  it('moves on every 6000 ms with a 500 ms transition, and wraps around', async () => {
    await renderSlider();
    expect(shownSlide()).toEqual(['Slide 1']);
    expect(track().style.transitionDuration).toBe('500ms');
    act(() => jest.advanceTimersByTime(5999));
    expect(shownSlide()).toEqual(['Slide 1']);
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toEqual(['Slide 3']);
    expect(track().style.transform).toBe('translateX(-100%)');
    act(() => jest.advanceTimersByTime(6000));
    expect(shownSlide()).toEqual(['Slide 5']);
    act(() => jest.advanceTimersByTime(6000));
    expect(shownSlide()).toEqual(['Slide 1']);
  });

  it('slides the other way in Arabic', async () => {
    await renderSlider('ar');
    act(() => jest.advanceTimersByTime(6000));
    expect(track().style.transform).toBe('translateX(100%)');
  });

  it('pauses while the pointer is over it', async () => {
    await renderSlider();
    const slider = screen.getByRole('region', { name: 'Offers' });
    act(() => jest.advanceTimersByTime(3000));
    fireEvent.mouseEnter(slider);
    act(() => jest.advanceTimersByTime(20_000));
    expect(shownSlide()).toEqual(['Slide 1']);
    fireEvent.mouseLeave(slider);
    // A fresh full interval after the pointer leaves.
    act(() => jest.advanceTimersByTime(5999));
    expect(shownSlide()).toEqual(['Slide 1']);
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toEqual(['Slide 3']);
  });

  it('pauses while focus is inside it', async () => {
    await renderSlider();
    const dot = screen.getAllByRole('button', { name: /Go to slide/ })[0] as HTMLElement;
    act(() => dot.focus());
    act(() => jest.advanceTimersByTime(20_000));
    expect(shownSlide()).toEqual(['Slide 1']);
    act(() => dot.blur());
    act(() => jest.advanceTimersByTime(6000));
    expect(shownSlide()).toEqual(['Slide 3']);
  });

  it('a dot shows its slide', async () => {
    await renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(shownSlide()).toEqual(['Slide 5']);
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
  });

  describe("the later slides' pictures", () => {
    let idleCallbacks: IdleRequestCallback[] = [];
    const browserIdles = () =>
      act(() => {
        for (const callback of idleCallbacks.splice(0)) callback({} as IdleDeadline);
      });
    beforeEach(() => {
      idleCallbacks = [];
      window.requestIdleCallback = (callback) => idleCallbacks.push(callback);
      window.cancelIdleCallback = () => undefined;
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    });

    it("wait for the loaded page's first idle moment (not fetched beside the first scripts)", async () => {
      await renderSlider();
      expect(screen.queryByAltText('Slide 3')).not.toBeInTheDocument();
      expect(screen.queryByAltText('Slide 5')).not.toBeInTheDocument();
      // Each slide keeps its place (the dots and the track do not move).
      expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
      browserIdles();
      expect(screen.getByAltText('Slide 3')).toBeInTheDocument();
      expect(screen.getByAltText('Slide 5')).toBeInTheDocument();
    });

    it('come at once when the shopper moves to another slide first', async () => {
      await renderSlider();
      fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
      expect(shownSlide()).toEqual(['Slide 3']);
      expect(screen.getByAltText('Slide 5')).toBeInTheDocument();
    });
  });
});
