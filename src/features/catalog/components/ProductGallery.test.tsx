import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';

import { i18n, initI18nWithResources } from '../../../i18n/i18n';
import { allResources } from '../../../i18n/resources';
import { installMatchMedia } from '../../../testing/matchMedia';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { ProductGallery } from './ProductGallery';

const images = ['/media/products/4.svg', '/media/products/4-b.svg'];

/** jsdom lays nothing out: every element answers this box, as the square main picture would. */
function layOutAt(box: { left: number; top: number; size: number }) {
  const rect = {
    left: box.left,
    top: box.top,
    x: box.left,
    y: box.top,
    width: box.size,
    height: box.size,
    right: box.left + box.size,
    bottom: box.top + box.size,
    toJSON: () => ({}),
  };
  return jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(rect as DOMRect);
}

/** Pretends the picture was decoded at this natural size (jsdom decodes nothing). */
function decodedAs(image: HTMLElement, width: number, height: number) {
  Object.defineProperty(image, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(image, 'naturalHeight', { configurable: true, value: height });
}

const render = (touch = false) => {
  installMatchMedia({ width: 1280, touch });
  return renderWithProviders(<ProductGallery images={images} name="Black Abaya" />);
};

describe('ProductGallery magnifier', () => {
  afterEach(() => jest.restoreAllMocks());

  it('has a 250 px zoom box and a 160 px lens while the pointer is over the picture', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render();
    expect(screen.queryByTestId('gallery-zoom')).not.toBeInTheDocument();
    fireEvent.mouseMove(screen.getByTestId('gallery-main'), { clientX: 200, clientY: 200 });
    expect(screen.getByTestId('gallery-zoom')).toHaveStyle({ width: '250px', height: '250px' });
    expect(screen.getByTestId('gallery-lens')).toHaveStyle({ width: '160px', height: '160px' });
    fireEvent.mouseLeave(screen.getByTestId('gallery-main'));
    expect(screen.queryByTestId('gallery-zoom')).not.toBeInTheDocument();
    expect(screen.queryByTestId('gallery-lens')).not.toBeInTheDocument();
  });

  it('the zoom box shows what is under the lens, scaled by 250/160 from the displayed size', () => {
    // A 400 px picture on the page at (100, 50); the pointer at (250, 150) inside it.
    layOutAt({ left: 100, top: 50, size: 400 });
    render();
    fireEvent.mouseMove(screen.getByTestId('gallery-main'), { clientX: 250, clientY: 150 });
    // Lens centred on the pointer: its corner at (150 − 80, 100 − 80) inside the picture.
    expect(screen.getByTestId('gallery-lens')).toHaveStyle({ left: '70px', top: '20px' });
    const zoom = screen.getByTestId('gallery-zoom');
    // 400 × 250 / 160 = 625; the lens corner 70, 20 moves to the box's corner: −70 × 1.5625, −20 × 1.5625.
    expect(zoom.style.backgroundSize).toBe('625px 625px');
    expect(zoom.style.backgroundPosition).toBe('-109.375px -31.25px');
  });

  it('keeps the lens on the picture at its edges', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render();
    fireEvent.mouseMove(screen.getByTestId('gallery-main'), { clientX: 395, clientY: 3 });
    expect(screen.getByTestId('gallery-lens')).toHaveStyle({ left: '240px', top: '0px' });
    expect(screen.getByTestId('gallery-zoom').style.backgroundPosition).toBe('-375px 0px');
  });

  it('follows the picture drawn inside the square (object-fit: contain), not the empty bands', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render();
    // A 1000 × 500 picture fits as 400 × 200, with 100 px bands above and below.
    decodedAs(screen.getByAltText('Black Abaya'), 1000, 500);
    fireEvent.mouseMove(screen.getByTestId('gallery-main'), { clientX: 200, clientY: 20 });
    expect(screen.getByTestId('gallery-lens')).toHaveStyle({ left: '120px', top: '100px' });
    const zoom = screen.getByTestId('gallery-zoom');
    expect(zoom.style.backgroundSize).toBe('625px 312.5px');
    // The picture starts at (0, 100); the lens corner at (120, 100): (0 − 120) × 1.5625, 0.
    expect(zoom.style.backgroundPosition).toBe('-187.5px 0px');
  });

  it("offers an uploaded picture's copies for the screen's width, and the stored picture once zoomed in place", () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    installMatchMedia({ width: 412, touch: true });
    const uploaded = '/uploads/products/0123456789abcdef.webp';
    renderWithProviders(<ProductGallery images={[uploaded]} name="Black Abaya" />);
    const image = screen.getByAltText('Black Abaya');
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/products/200/0123456789abcdef.webp 200w, /uploads/products/400/0123456789abcdef.webp 400w, ' +
        `/uploads/products/800/0123456789abcdef.webp 800w, ${uploaded} 1200w`,
    );
    expect(image.getAttribute('sizes')).toBe('(min-width: 768px) 50vw, 100vw');
    fireEvent.click(screen.getByTestId('gallery-main'), { clientX: 100, clientY: 300 });
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('src', uploaded);
  });

  it('a drawing has no copies to choose from', () => {
    render();
    expect(screen.getByAltText('Black Abaya')).not.toHaveAttribute('srcset');
  });

  it('on a touch screen a tap zooms in at the tapped point, and a second tap zooms out', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render(true);
    const main = screen.getByTestId('gallery-main');
    const image = screen.getByAltText('Black Abaya');
    expect(screen.getByText('Tap the picture to zoom')).toBeInTheDocument();
    fireEvent.click(main, { clientX: 100, clientY: 300 });
    expect(main).toHaveClass('gallery-main--zoomed');
    expect(image.style.transformOrigin).toBe('25% 75%');
    // No hover magnifier on touch screens.
    fireEvent.mouseMove(main, { clientX: 100, clientY: 300 });
    expect(screen.queryByTestId('gallery-zoom')).not.toBeInTheDocument();
    fireEvent.click(main, { clientX: 100, clientY: 300 });
    expect(main).not.toHaveClass('gallery-main--zoomed');
    expect(image.style.transformOrigin).toBe('');
    fireEvent.click(main, { clientX: 380, clientY: 40 });
    expect(image.style.transformOrigin).toBe('95% 10%');
  });

  it('a phone hydrates the markup the server rendered: nothing in it depends on the screen', async () => {
    initI18nWithResources(allResources, 'en');
    const gallery = (
      <I18nextProvider i18n={i18n}>
        <ProductGallery images={images} name="Black Abaya" />
      </I18nextProvider>
    );
    // The server knows no screen (no window): its markup is a screen with hover's.
    installMatchMedia({ width: 1280 });
    const container = document.createElement('div');
    container.innerHTML = renderToString(gallery);
    document.body.append(container);
    installMatchMedia({ width: 390, touch: true });
    const renderedAnew = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, gallery, { onRecoverableError: renderedAnew });
        await Promise.resolve();
      });
      expect(renderedAnew).not.toHaveBeenCalled();
      expect(screen.getByText('Tap the picture to zoom')).toBeInTheDocument();
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  it('a pointer click does not zoom the picture on a screen with hover', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render();
    fireEvent.click(screen.getByTestId('gallery-main'), { clientX: 100, clientY: 100 });
    expect(screen.getByTestId('gallery-main')).not.toHaveClass('gallery-main--zoomed');
  });

  it('choosing another thumbnail shows it and zooms out', () => {
    layOutAt({ left: 0, top: 0, size: 400 });
    render(true);
    fireEvent.click(screen.getByTestId('gallery-main'), { clientX: 100, clientY: 100 });
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 2' }));
    expect(screen.getByAltText('Black Abaya')).toHaveAttribute('src', images[1]);
    expect(screen.getByTestId('gallery-main')).not.toHaveClass('gallery-main--zoomed');
  });
});
