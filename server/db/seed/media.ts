// Every generated picture of the demo shop, by path under server/assets (served at /media).
import { SANDBOX_METHODS } from '../../lib/sandboxMethods';
import { buildCatalog, CATEGORY_TEMPLATES, categoryImageFile, type ProductSeed } from './catalog';
import { ABOUT, SLIDERS } from './content';
import { bannerSvg, categorySvg, paymentLogoSvg, productSvg } from './images';

/** Colours for articles that come without a colour choice (perfumes, for instance). */
const FALLBACK_COLORS = ['#8c5a2b', '#6d1f2f', '#c9a227', '#3f4f7a', '#2e7d4f', '#7a4a8c'];

const PAYMENT_LOGOS: Record<string, [string, string]> = {
  'knet.svg': ['#0a4f9c', '#ffffff'],
  'visa-master.svg': ['#1a1f71', '#f7b600'],
  'apple-pay.svg': ['#000000', '#ffffff'],
  'benefit.svg': ['#e30613', '#ffffff'],
  'mada.svg': ['#259bd6', '#ffffff'],
  'stc-pay.svg': ['#4f008c', '#ffffff'],
};

export function productImagePath(file: string): string {
  return `/media/products/${file}`;
}

export function categoryImagePath(slug: string): string {
  return `/media/categories/${categoryImageFile(slug)}`;
}

export function sliderImagePaths(file: string): { image: string; image2: string } {
  return { image: `/media/sliders/${file}.svg`, image2: `/media/sliders/${file}-mobile.svg` };
}

function productPictures(product: ProductSeed, files: Map<string, string>): void {
  const template = CATEGORY_TEMPLATES.find((candidate) => candidate.slug === product.categorySlug);
  if (!template) throw new Error(`unknown category ${product.categorySlug}`);
  product.images.forEach((file, view) => {
    const color =
      product.colors[view % Math.max(1, product.colors.length)]?.hex ??
      FALLBACK_COLORS[(product.index + view) % FALLBACK_COLORS.length] ??
      '#555555';
    files.set(
      `products/${file}`,
      productSvg({
        silhouette: template.silhouette,
        background: template.tint,
        color,
        view: view + 1,
      }),
    );
  });
}

export function buildMediaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const template of CATEGORY_TEMPLATES) {
    files.set(
      `categories/${categoryImageFile(template.slug)}`,
      categorySvg(template.silhouette, template.tint),
    );
  }
  for (const product of buildCatalog()) productPictures(product, files);
  for (const slider of SLIDERS) {
    const common = {
      background: slider.background,
      accent: slider.accent,
      silhouette: slider.silhouette,
    };
    files.set(`sliders/${slider.file}.svg`, bannerSvg({ ...common, width: 1200, height: 400 }));
    files.set(`sliders/${slider.file}-mobile.svg`, bannerSvg({ ...common, width: 600, height: 300 }));
  }
  files.set(
    ABOUT.file,
    bannerSvg({
      width: 800,
      height: 400,
      background: '#3b2a1e',
      accent: '#d9a441',
      silhouette: 'dallah',
    }),
  );
  for (const method of SANDBOX_METHODS) {
    const [background, foreground] = PAYMENT_LOGOS[method.image] ?? ['#444444', '#ffffff'];
    files.set(`payments/${method.image}`, paymentLogoSvg(method.en, background, foreground));
  }
  return files;
}
