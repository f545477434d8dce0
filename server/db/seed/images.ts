// Pictures of the demo shop, drawn as small SVG files (no external hosts, no binary assets in git).
// `npx tsx server/db/seed/generateMedia.ts` writes them under server/assets/; a test keeps the files in step.
import type { Silhouette } from './catalog';

const SILHOUETTES: Record<Silhouette, string> = {
  perfume:
    '<rect x="165" y="70" width="70" height="48" rx="8"/><rect x="183" y="116" width="34" height="34"/>' +
    '<rect x="118" y="148" width="164" height="180" rx="26"/>' +
    '<rect x="146" y="196" width="108" height="70" rx="6" fill="#fff" fill-opacity=".35"/>',
  abaya:
    '<circle cx="200" cy="70" r="26"/>' +
    '<path d="M168 102h64l58 44-30 112-26-8 14-66 16 166H136l16-166 14 66-26 8-30-112z"/>' +
    '<path d="M200 104v246" stroke="#fff" stroke-opacity=".35" stroke-width="6" fill="none"/>',
  dishdasha:
    '<path d="M172 70h56l14 18 58 40-26 108-24-6 10-62v212H140V168l10 62-24 6-26-108 58-40z"/>' +
    '<path d="M186 72l14 26 14-26" stroke="#fff" stroke-opacity=".5" stroke-width="5" fill="none"/>' +
    '<g fill="#fff" fill-opacity=".55"><circle cx="200" cy="118" r="4"/><circle cx="200" cy="138" r="4"/><circle cx="200" cy="158" r="4"/></g>',
  watch:
    '<rect x="168" y="40" width="64" height="320" rx="16"/>' +
    '<circle cx="200" cy="200" r="86"/><circle cx="200" cy="200" r="66" fill="#fff" fill-opacity=".85"/>' +
    '<path d="M200 200V152M200 200l34 20" stroke="#333" stroke-width="8" stroke-linecap="round" fill="none"/>' +
    '<rect x="282" y="190" width="16" height="20" rx="4"/>',
  bag:
    '<path d="M150 150c0-60 100-60 100 0" stroke-width="16" fill="none" stroke="currentColor"/>' +
    '<path d="M100 150h200l26 190H74z"/>' +
    '<rect x="180" y="190" width="40" height="24" rx="6" fill="#fff" fill-opacity=".5"/>',
  shoe:
    '<path d="M60 250c0-40 10-80 40-90l50 30c30 16 70 20 100 24 50 8 90 26 96 56v20H60z"/>' +
    '<rect x="60" y="282" width="286" height="22" rx="8" fill="#fff" fill-opacity=".45"/>' +
    '<path d="M140 196l14 -14M164 210l14 -14M188 220l12 -14" stroke="#fff" stroke-opacity=".6" stroke-width="6"/>',
  phone:
    '<rect x="130" y="50" width="140" height="290" rx="22"/>' +
    '<rect x="144" y="78" width="112" height="220" rx="6" fill="#fff" fill-opacity=".8"/>' +
    '<circle cx="200" cy="318" r="10" fill="#fff" fill-opacity=".6"/>',
  dallah:
    '<path d="M196 56h8l10 30h-28z"/><path d="M170 90h60l-6 34h-48z"/>' +
    '<path d="M176 124h48c26 40 40 110 36 200H140c-4-90 10-160 36-200z"/>' +
    '<path d="M150 170c-40-6-70-40-84-80l-10 4c10 50 40 90 90 100z"/>' +
    '<path d="M256 160c40 0 50 60 20 90l-8-8c20-24 14-64-14-66z"/>',
  skincare:
    '<rect x="96" y="190" width="120" height="130" rx="18"/><rect x="90" y="160" width="132" height="40" rx="10"/>' +
    '<rect x="240" y="110" width="60" height="210" rx="14"/><rect x="252" y="70" width="36" height="46" rx="6"/>',
  toy:
    '<rect x="90" y="230" width="100" height="100" rx="10"/><rect x="210" y="230" width="100" height="100" rx="10"/>' +
    '<rect x="150" y="120" width="100" height="100" rx="10"/>' +
    '<g fill="#fff" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle">' +
    '<text x="140" y="300">ب</text><text x="260" y="300">ت</text><text x="200" y="190">أ</text></g>',
};

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function isDark(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const blue = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * blue < 140;
}

interface ProductPictureInput {
  silhouette: Silhouette;
  background: string;
  color: string;
  /** 1-based gallery position: each view frames the item differently */
  view: number;
}

const VIEW_TRANSFORMS = [
  'translate(0 -20)',
  'translate(400 -20) scale(-1 1)',
  'translate(-80 -90) scale(1.4)',
  'translate(60 20) scale(.7) rotate(-12 200 200)',
];

/**
 * A product "photo": the item on a coloured ground, no words. Names belong to the page, in the shopper's
 * language, never baked into a picture that both languages share.
 */
export function productSvg(input: ProductPictureInput): string {
  const transform = VIEW_TRANSFORMS[(input.view - 1) % VIEW_TRANSFORMS.length] ?? '';
  const pattern =
    input.view === 2
      ? '<g stroke="#fff" stroke-opacity=".35" stroke-width="10">' +
        Array.from({ length: 12 }, (_, i) => `<path d="M${i * 60 - 200} 0l340 460"/>`).join('') +
        '</g>'
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 460" width="400" height="460" aria-hidden="true">` +
    `<rect width="400" height="460" fill="${input.background}"/>${pattern}` +
    `<g fill="${input.color}" color="${input.color}" transform="translate(0 30) ${transform}">${SILHOUETTES[input.silhouette]}</g>` +
    `<ellipse cx="200" cy="420" rx="120" ry="10" fill="#000" fill-opacity=".08"/></svg>\n`
  );
}

export function categorySvg(silhouette: Silhouette, background: string): string {
  const color = isDark(background) ? '#f4f1ea' : '#5b4a3a';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">` +
    `<rect width="400" height="400" rx="24" fill="${background}"/>` +
    `<g fill="${color}" color="${color}" transform="translate(60 40) scale(.7)">${SILHOUETTES[silhouette]}</g></svg>\n`
  );
}

export function bannerSvg(options: {
  width: number;
  height: number;
  background: string;
  accent: string;
  silhouette: Silhouette;
}): string {
  const { width, height, background, accent, silhouette } = options;
  const scale = (height * 0.8) / 400;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    `<circle cx="${width * 0.78}" cy="${height / 2}" r="${height * 0.46}" fill="${accent}" fill-opacity=".25"/>` +
    `<g fill="${accent}" color="${accent}" transform="translate(${width * 0.78 - 200 * scale} ${height * 0.1}) scale(${scale})">` +
    `${SILHOUETTES[silhouette]}</g>` +
    `</svg>\n`
  );
}

/** A plain wordmark for a payment method (not the networks' official logos). */
export function paymentLogoSvg(label: string, background: string, foreground: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60" role="img">` +
    `<title>${escapeXml(label)}</title><rect width="120" height="60" rx="8" fill="${background}"/>` +
    `<text x="60" y="37" fill="${foreground}" font-family="system-ui,sans-serif" font-size="${label.length > 8 ? 14 : 18}" ` +
    `font-weight="800" text-anchor="middle">${escapeXml(label)}</text></svg>\n`
  );
}
