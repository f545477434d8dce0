import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { renderWithProviders } from '../testing/renderWithProviders';
import { Layout } from './Layout';
import NotFoundPage from './NotFoundPage';

function Page() {
  return <h1>page</h1>;
}

const shell = (
  <Routes>
    <Route element={<Layout />}>
      <Route path="/" element={<Page />} />
      <Route path="/search" element={<Page />} />
      <Route path="/cart" element={<Page />} />
      <Route path="/all-categories" element={<Page />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
);

describe('the tab title follows the page (issue 49)', () => {
  test.each([
    ['/', 'en', 'Gulf Store — Online shop for Kuwait and the Gulf'],
    ['/cart', 'en', 'Cart · Gulf Store'],
    ['/search?q=abaya', 'en', 'Search results for “abaya” · Gulf Store'],
    ['/search?q=abaya&page=2', 'en', 'Search results for “abaya” — page 2 · Gulf Store'],
    ['/search?page=3', 'ar', 'كل المنتجات — صفحة 3 · متجر الخليج'],
    ['/search?page=1', 'en', 'All products · Gulf Store'],
    ['/cart', 'ar', 'سلة التسوق · متجر الخليج'],
    ['/all-categories?page=2', 'en', 'All categories — page 2 · Gulf Store'],
    ['/all-categories', 'en', 'All categories · Gulf Store'],
    ['/no-such-page', 'ar', 'الصفحة غير موجودة · متجر الخليج'],
  ])('%s in %s', async (route, language, title) => {
    renderWithProviders(shell, { route, language: language as 'en' | 'ar' });
    await screen.findAllByRole('heading', { level: 1 });
    expect(document.title).toBe(title);
  });
});
