import { render } from '@testing-library/react';

import { ProductThumbnail } from './ProductThumbnail';

const pictureOf = (container: HTMLElement) => container.querySelector('img') as HTMLImageElement;

test("a thumbnail of a picture stored here offers its copies for the thumbnail's size", () => {
  const { container } = render(
    <ProductThumbnail image="/uploads/products/0123456789abcdef.webp" size={96} />,
  );
  expect(pictureOf(container).getAttribute('srcset')).toContain(
    '/uploads/products/200/0123456789abcdef.webp 200w',
  );
  expect(pictureOf(container).getAttribute('sizes')).toBe('96px');
  expect(pictureOf(container)).toHaveAttribute('loading', 'lazy');
});

test('a drawing is shown as it is, and a product without a picture shows the placeholder', () => {
  const drawing = render(<ProductThumbnail image="/media/products/p001-1.svg" size={40} />).container;
  expect(pictureOf(drawing)).not.toHaveAttribute('srcset');
  expect(pictureOf(drawing)).not.toHaveAttribute('sizes');
  const none = render(<ProductThumbnail image={undefined} size={40} />).container;
  expect(pictureOf(none)).toHaveAttribute('src', '/images/no-image.svg');
});
