import { screen } from '@testing-library/react';

import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../testing/renderWithProviders';
import { ProductCard, type ProductCardData } from './ProductCard';
import { ProductGrid } from './ProductGrid';

const uploaded: ProductCardData = {
  id: 7,
  name: 'Amber oud',
  image_temp: '/uploads/products/0123456789abcdef.webp',
  rating: 4,
  discount_offer: null,
};
const drawing: ProductCardData = {
  ...uploaded,
  id: 8,
  name: 'Rose water',
  image_temp: '/media/products/p001-1.svg',
};

function grid(variant?: 'home') {
  return (
    <ProductGrid
      variant={variant}
      items={[uploaded, drawing]}
      keyOf={(product) => product.id}
      renderItem={(product) => (
        <ProductCard
          product={product}
          amount={12.5}
          original={null}
          currency="KWD"
          language="en"
          outOfStock={false}
          t={i18n.t}
        />
      )}
    />
  );
}

const picture = (name: string) =>
  screen.getByRole('article', { name }).querySelector('.product-card__media img') as HTMLImageElement;

test("a card offers the browser its picture's narrower copies, sized by the grid's columns", () => {
  renderWithProviders(grid());
  const photo = picture('Amber oud');
  expect(photo.getAttribute('src')).toBe('/uploads/products/0123456789abcdef.webp');
  expect(photo.getAttribute('srcset')).toBe(
    '/uploads/products/200/0123456789abcdef.webp 200w, /uploads/products/400/0123456789abcdef.webp 400w, ' +
      '/uploads/products/800/0123456789abcdef.webp 800w',
  );
  // Two columns on a phone: half the screen's width.
  expect(photo.getAttribute('sizes')).toBe('(min-width: 1024px) 25vw, (min-width: 768px) 34vw, 50vw');
  // A drawing scales as it is: no copies, no sizes.
  expect(picture('Rose water').hasAttribute('srcset')).toBe(false);
  expect(picture('Rose water').hasAttribute('sizes')).toBe(false);
});

test("home's grid, one column on a phone, has its cards' pictures chosen for the screen's whole width", () => {
  renderWithProviders(grid('home'));
  expect(picture('Amber oud').getAttribute('sizes')).toBe(
    '(min-width: 1024px) 25vw, (min-width: 768px) 34vw, (min-width: 576px) 50vw, 100vw',
  );
});
