import { screen } from '@testing-library/react';

import { renderWithProviders } from '../testing/renderWithProviders';
import { lazyPage, RouteBoundary } from './RouteBoundary';

describe('route error boundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a retry when a page chunk fails to load, and the retry loads it again', async () => {
    let attempts = 0;
    const Page = lazyPage(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new Error('ChunkLoadError'))
        : Promise.resolve({ default: () => <h1>Loaded page</h1> });
    });
    const { user } = renderWithProviders(
      <RouteBoundary>
        <Page />
      </RouteBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('catches a render error of a page', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('render failed');
      return <p>Fine now</p>;
    }
    const { user } = renderWithProviders(
      <RouteBoundary>
        <Flaky />
      </RouteBoundary>,
      { language: 'ar' },
    );
    expect(await screen.findByText('حدث خطأ ما')).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByText('Fine now')).toBeInTheDocument();
  });
});
