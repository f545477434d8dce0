import { act, screen } from '@testing-library/react';

import { renderWithProviders } from '../testing/renderWithProviders';
import { LazyContactForm } from './LazyContactForm';

describe('the contact form loads when the shopper reaches it', () => {
  let reportNear: (near: boolean) => void = () => undefined;
  const original = window.IntersectionObserver;
  beforeEach(() => {
    class NearScreenObserver {
      constructor(callback: IntersectionObserverCallback) {
        reportNear = (near) =>
          callback(
            [{ isIntersecting: near } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      observe() {}
      disconnect() {}
    }
    window.IntersectionObserver = NearScreenObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('shows only a placeholder while its place is far below the screen, then the form', async () => {
    renderWithProviders(<LazyContactForm />);
    // Time enough for a lazily imported form to have arrived, were it asked for.
    await act(async () => {
      reportNear(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    act(() => reportNear(true));
    expect(await screen.findByLabelText('Your message')).toBeInTheDocument();
  });
});
