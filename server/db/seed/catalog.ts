// The demo catalogue: 10 categories × 15 products, composed from bilingual building blocks with a seeded
// random generator, so every run (and every test) sees the same shop.
import { stockWarningFor } from '../../lib/stockWarning';
import { createRandom, stockQuantityOf, type Random } from './random';

export type Silhouette =
  'perfume' | 'abaya' | 'dishdasha' | 'watch' | 'bag' | 'shoe' | 'phone' | 'dallah' | 'skincare' | 'toy';

interface Bilingual {
  en: string;
  ar: string;
}

export interface ColorChoice extends Bilingual {
  /** fill used for the generated pictures */
  hex: string;
}

interface CategoryTemplate {
  slug: string;
  name: Bilingual;
  silhouette: Silhouette;
  /** background of the category tile */
  tint: string;
  brands: string[];
  items: Bilingual[];
  variants: Bilingual[];
  priceRange: [number, number];
  sizes: Bilingual[] | null;
  colors: ColorChoice[] | null;
  /** some articles of this category come in one finish only (no colour choice) */
  singleFinishShare?: number;
  description: (item: Bilingual, brand: string) => Bilingual;
}

const c = (en: string, ar: string, hex: string): ColorChoice => ({ en, ar, hex });
const b = (en: string, ar: string): Bilingual => ({ en, ar });

const COLORS = {
  black: c('Black', 'أسود', '#1f2328'),
  white: c('White', 'أبيض', '#f4f1ea'),
  beige: c('Beige', 'بيج', '#d8c3a5'),
  navy: c('Navy', 'كحلي', '#1f3a5f'),
  grey: c('Grey', 'رمادي', '#8a8f98'),
  brown: c('Brown', 'بني', '#7a5230'),
  gold: c('Gold', 'ذهبي', '#c9a227'),
  silver: c('Silver', 'فضي', '#b8bec6'),
  red: c('Red', 'أحمر', '#b3261e'),
  blue: c('Blue', 'أزرق', '#2f6fb3'),
  green: c('Green', 'أخضر', '#2e7d4f'),
  pink: c('Pink', 'وردي', '#d9779b'),
  olive: c('Olive', 'زيتي', '#6b6b2e'),
  burgundy: c('Burgundy', 'عنابي', '#6d1f2f'),
} as const;

const CLOTHING_SIZES = [b('S', 'S'), b('M', 'M'), b('L', 'L'), b('XL', 'XL'), b('XXL', 'XXL')];
const DISHDASHA_SIZES = ['52', '54', '56', '58', '60', '62'].map((size) => b(size, size));
const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'].map((size) => b(size, size));
const PERFUME_SIZES = [b('50 ml', '50 مل'), b('100 ml', '100 مل'), b('200 ml', '200 مل')];

export const CATEGORY_TEMPLATES: CategoryTemplate[] = [
  {
    slug: 'perfumes',
    name: b('Perfumes & Oud', 'العطور والعود'),
    silhouette: 'perfume',
    tint: '#f3e7d3',
    brands: ['Dar Al Oud', 'Layali', 'Nasma', 'Amber House'],
    items: [
      b('Royal Oud Eau de Parfum', 'عطر العود الملكي'),
      b('Musk Al Tahara', 'مسك الطهارة'),
      b('Rose Taifi Perfume Oil', 'دهن الورد الطائفي'),
      b('Bakhoor Al Arais', 'بخور العرائس'),
      b('Amber Nights Eau de Parfum', 'عطر ليالي العنبر'),
      b('Saffron Blend Perfume Oil', 'دهن خلطة الزعفران'),
      b('Cambodian Oud Chips', 'عود كمبودي'),
    ],
    variants: [
      b('Classic', 'كلاسيك'),
      b('Intense', 'إنتنس'),
      b('Gift Set', 'طقم هدية'),
      b('Limited', 'إصدار محدود'),
    ],
    priceRange: [6, 95],
    sizes: PERFUME_SIZES,
    colors: null,
    description: (item, brand) => ({
      en: `${item.en} by ${brand}: a long-lasting Gulf blend with notes of oud, amber and rose, made for evenings and majlis gatherings.`,
      ar: `${item.ar} من ${brand}: خلطة خليجية ثابتة بنفحات العود والعنبر والورد، مناسبة للمساء وجلسات الديوانية.`,
    }),
  },
  {
    slug: 'abayas',
    name: b('Abayas & Modest Wear', 'العبايات والأزياء المحتشمة'),
    silhouette: 'abaya',
    tint: '#ece6f2',
    brands: ['Hessa Atelier', 'Noor Line', 'Mariam Studio'],
    items: [
      b('Embroidered Abaya', 'عباية مطرزة'),
      b('Open Kimono Abaya', 'عباية كيمونو مفتوحة'),
      b('Crepe Everyday Abaya', 'عباية كريب يومية'),
      b('Linen Kaftan', 'قفطان كتان'),
      b('Chiffon Hijab', 'حجاب شيفون'),
      b('Pleated Maxi Dress', 'فستان طويل بكسرات'),
    ],
    variants: [
      b('Classic Cut', 'قصة كلاسيكية'),
      b('Lace Trim', 'بحواف دانتيل'),
      b('Pearl Detail', 'بتفاصيل لؤلؤ'),
    ],
    priceRange: [12, 85],
    sizes: CLOTHING_SIZES,
    colors: [COLORS.black, COLORS.beige, COLORS.navy, COLORS.olive, COLORS.burgundy, COLORS.grey],
    description: (item, brand) => ({
      en: `${item.en} from ${brand}, tailored in breathable fabric with a relaxed fit for Kuwaiti summers and evening occasions.`,
      ar: `${item.ar} من ${brand}، مفصلة من قماش يسمح بمرور الهواء بقصة مريحة تناسب صيف الكويت والمناسبات المسائية.`,
    }),
  },
  {
    slug: 'dishdashas',
    name: b("Men's Dishdashas", 'الدشاديش الرجالية'),
    silhouette: 'dishdasha',
    tint: '#e4eef0',
    brands: ['Al Khayyat', 'Bin Saad Tailors', 'Sadu Men'],
    items: [
      b('Kuwaiti Dishdasha', 'دشداشة كويتية'),
      b('Winter Wool Dishdasha', 'دشداشة صوف شتوية'),
      b('Cotton Summer Dishdasha', 'دشداشة قطن صيفية'),
      b('Ghutra', 'غترة'),
      b('Bisht', 'بشت'),
    ],
    variants: [b('Japanese Fabric', 'قماش ياباني'), b('Premium', 'فاخرة'), b('Eid Edition', 'إصدار العيد')],
    priceRange: [9, 120],
    sizes: DISHDASHA_SIZES,
    colors: [COLORS.white, COLORS.beige, COLORS.grey, COLORS.navy, COLORS.brown],
    description: (item, brand) => ({
      en: `${item.en} by ${brand}, cut in the Kuwaiti style with a button-down collar and hand-finished seams.`,
      ar: `${item.ar} من ${brand} بتفصيل كويتي وياقة بأزرار وخياطة نهائية يدوية.`,
    }),
  },
  {
    slug: 'watches',
    name: b('Watches', 'الساعات'),
    silhouette: 'watch',
    tint: '#e8e8ec',
    brands: ['Falcon Time', 'Marina', 'Desert Steel'],
    items: [
      b('Automatic Steel Watch', 'ساعة أوتوماتيك ستيل'),
      b('Chronograph Watch', 'ساعة كرونوغراف'),
      b('Leather Strap Watch', 'ساعة بحزام جلد'),
      b('Smart Fitness Watch', 'ساعة رياضية ذكية'),
      b('Ladies Bracelet Watch', 'ساعة نسائية بسوار'),
    ],
    variants: [b('40 mm', '40 مم'), b('42 mm', '42 مم'), b('Arabic Dial', 'بأرقام عربية')],
    priceRange: [18, 240],
    sizes: null,
    colors: [COLORS.silver, COLORS.gold, COLORS.black, COLORS.blue, COLORS.brown],
    description: (item, brand) => ({
      en: `${item.en} by ${brand}: sapphire-coated glass, water resistant to 50 m and a two-year shop warranty.`,
      ar: `${item.ar} من ${brand}: زجاج مقاوم للخدش، مقاومة للماء حتى 50 متراً وضمان المتجر لمدة سنتين.`,
    }),
  },
  {
    slug: 'bags',
    name: b('Bags & Accessories', 'الحقائب والإكسسوارات'),
    silhouette: 'bag',
    tint: '#f5e9e2',
    brands: ['Lulu Leather', 'Sadu Craft', 'Marina'],
    items: [
      b('Leather Tote Bag', 'حقيبة يد جلد'),
      b('Crossbody Bag', 'حقيبة كتف صغيرة'),
      b('Evening Clutch', 'حقيبة سهرة'),
      b('Travel Duffel', 'حقيبة سفر'),
      b('Card Holder', 'محفظة بطاقات'),
      b('Sadu Pattern Backpack', 'حقيبة ظهر بنقشة السدو'),
    ],
    variants: [b('Small', 'صغيرة'), b('Medium', 'متوسطة'), b('Signature', 'سيغنتشر')],
    priceRange: [7, 140],
    sizes: null,
    colors: [COLORS.black, COLORS.brown, COLORS.beige, COLORS.red, COLORS.navy, COLORS.pink],
    description: (item, brand) => ({
      en: `${item.en} by ${brand}, made of genuine materials with a lined interior and sturdy gold-tone hardware.`,
      ar: `${item.ar} من ${brand}، مصنوعة من خامات أصلية ببطانة داخلية وإكسسوارات معدنية متينة بلون ذهبي.`,
    }),
  },
  {
    slug: 'shoes',
    name: b('Shoes & Sandals', 'الأحذية والنعال'),
    silhouette: 'shoe',
    tint: '#e6efe6',
    brands: ['Stride', 'Al Nasser Footwear', 'Dune Walk'],
    items: [
      b('Leather Sandals', 'نعال جلد'),
      b('Running Shoes', 'حذاء جري'),
      b('Classic Loafers', 'حذاء لوفر كلاسيكي'),
      b('Canvas Sneakers', 'حذاء رياضي قماش'),
      b('Block Heel Pumps', 'حذاء بكعب عريض'),
    ],
    variants: [b('Comfort', 'مريح'), b('Pro', 'برو'), b('Light', 'خفيف')],
    priceRange: [8, 75],
    sizes: SHOE_SIZES,
    colors: [COLORS.black, COLORS.brown, COLORS.white, COLORS.navy, COLORS.beige],
    description: (item, brand) => ({
      en: `${item.en} by ${brand} with a cushioned footbed and a non-slip sole, comfortable from the office to the mall.`,
      ar: `${item.ar} من ${brand} بنعل داخلي مبطن ونعل خارجي مانع للانزلاق، مريح من المكتب إلى المجمع.`,
    }),
  },
  {
    slug: 'electronics',
    name: b('Electronics', 'الإلكترونيات'),
    silhouette: 'phone',
    tint: '#e3ebf5',
    brands: ['Volt', 'Nova', 'Qimma Tech'],
    items: [
      b('Wireless Earbuds', 'سماعات لاسلكية'),
      b('Smartphone 128 GB', 'هاتف ذكي 128 جيجابايت'),
      b('Power Bank 20000 mAh', 'شاحن متنقل 20000 ملي أمبير'),
      b('Bluetooth Speaker', 'سماعة بلوتوث'),
      b('Noise Cancelling Headphones', 'سماعات عازلة للضوضاء'),
      b('Tablet 10 inch', 'جهاز لوحي 10 إنش'),
    ],
    variants: [b('2025 Model', 'موديل 2025'), b('Plus', 'بلس'), b('Lite', 'لايت')],
    priceRange: [5, 260],
    sizes: null,
    colors: [COLORS.black, COLORS.white, COLORS.silver, COLORS.blue],
    description: (item, brand) => ({
      en: `${item.en} from ${brand} with a Gulf-spec charger, Arabic interface and a one-year local warranty.`,
      ar: `${item.ar} من ${brand} مع شاحن بمواصفات خليجية وواجهة عربية وضمان محلي لمدة سنة.`,
    }),
  },
  {
    slug: 'home',
    name: b('Home & Kitchen', 'المنزل والمطبخ'),
    silhouette: 'dallah',
    tint: '#f4efdc',
    brands: ['Diwaniya Home', 'Bait Al Qahwa', 'Sadu Craft'],
    items: [
      b('Arabic Coffee Dallah', 'دلة قهوة عربية'),
      b('Finjan Cup Set', 'طقم فناجين'),
      b('Incense Burner', 'مبخرة'),
      b('Dates Serving Tray', 'صينية تقديم تمر'),
      b('Tea Thermos', 'ترمس شاي'),
      b('Sadu Cushion Cover', 'غطاء وسادة بنقشة السدو'),
    ],
    variants: [b('Brass', 'نحاس'), b('Ceramic', 'سيراميك'), b('Gift Box', 'علبة هدية')],
    priceRange: [3, 60],
    sizes: null,
    colors: [COLORS.gold, COLORS.silver, COLORS.white, COLORS.green, COLORS.burgundy],
    singleFinishShare: 0.4,
    description: (item, brand) => ({
      en: `${item.en} by ${brand}, a gracious piece for serving guests in the diwaniya and family gatherings.`,
      ar: `${item.ar} من ${brand}، قطعة أنيقة لضيافة الضيوف في الديوانية والتجمعات العائلية.`,
    }),
  },
  {
    slug: 'beauty',
    name: b('Beauty & Care', 'التجميل والعناية'),
    silhouette: 'skincare',
    tint: '#f6e4ea',
    brands: ['Nasma', 'Pearl Bay', 'Sidra Naturals'],
    items: [
      b('Vitamin C Serum', 'سيروم فيتامين سي'),
      b('Argan Hair Oil', 'زيت الأرغان للشعر'),
      b('Matte Lipstick', 'أحمر شفاه مطفي'),
      b('Sunscreen SPF 50', 'واقي شمس SPF 50'),
      b('Kohl Eyeliner', 'كحل للعيون'),
      b('Sidr Honey Face Mask', 'ماسك الوجه بعسل السدر'),
    ],
    variants: [b('Travel Size', 'حجم السفر'), b('Duo Pack', 'عبوة مزدوجة'), b('Original', 'الأصلي')],
    priceRange: [2.5, 38],
    sizes: null,
    colors: [COLORS.pink, COLORS.red, COLORS.brown, COLORS.beige],
    singleFinishShare: 0.4,
    description: (item, brand) => ({
      en: `${item.en} by ${brand}, dermatologically tested and suited to the hot, dry Gulf climate.`,
      ar: `${item.ar} من ${brand}، مختبر من أطباء الجلدية ومناسب لمناخ الخليج الحار والجاف.`,
    }),
  },
  {
    slug: 'kids',
    name: b('Kids & Toys', 'الأطفال والألعاب'),
    silhouette: 'toy',
    tint: '#fdf0d5',
    brands: ['Little Falcon', 'Bloom Kids', 'Qimma Tech'],
    items: [
      b('Plush Camel', 'جمل محشو'),
      b('Wooden Building Blocks', 'مكعبات بناء خشبية'),
      b('Kids Dishdasha', 'دشداشة أطفال'),
      b('Arabic Alphabet Puzzle', 'لغز الحروف العربية'),
      b('Remote Control Car', 'سيارة تحكم عن بعد'),
      b('Girls Party Dress', 'فستان حفلات للبنات'),
    ],
    variants: [b('Ages 3+', 'من 3 سنوات'), b('Ages 6+', 'من 6 سنوات'), b('Deluxe', 'ديلوكس')],
    priceRange: [2, 45],
    sizes: [
      b('2-3 Y', '2-3 سنوات'),
      b('4-5 Y', '4-5 سنوات'),
      b('6-7 Y', '6-7 سنوات'),
      b('8-9 Y', '8-9 سنوات'),
    ],
    colors: [COLORS.blue, COLORS.pink, COLORS.green, COLORS.red, COLORS.white],
    description: (item, brand) => ({
      en: `${item.en} by ${brand}, safety tested and made from child-friendly materials. A favourite Gergean gift.`,
      ar: `${item.ar} من ${brand}، مختبر للسلامة ومصنوع من مواد آمنة للأطفال. هدية مميزة في القرقيعان.`,
    }),
  },
];

export const COLLECTIONS: Bilingual[] = [
  b('Ramadan Collection', 'مجموعة رمضان'),
  b('Eid Edit', 'تشكيلة العيد'),
  b('Summer 2025', 'صيف 2025'),
  b('Winter Essentials', 'أساسيات الشتاء'),
  b('New Arrivals', 'وصل حديثاً'),
  b('National Day', 'العيد الوطني'),
];

export const PRODUCTS_PER_CATEGORY = 15;
const DISCOUNT_PERCENTS = [10, 15, 20, 25, 30, 40, 50];

export interface ProductSeed {
  /** 1-based position in the catalogue; the database id on a fresh database */
  index: number;
  categorySlug: string;
  name: Bilingual;
  description: Bilingual;
  brand: string;
  collection: Bilingual;
  price: number;
  discountedPrice: number | null;
  discountOffer: number | null;
  /** Where this product's seeded reviews scatter; its shown rating is their approved average. */
  targetRating: number;
  stockQuantity: number;
  stockWarning: Bilingual | null;
  offer: boolean;
  sale: boolean;
  soldCount: number;
  daysAgo: number;
  sizes: Bilingual[];
  colors: ColorChoice[];
  /** gallery file names under /media/products/, the first is the main image */
  images: string[];
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function money(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function buildProduct(
  template: CategoryTemplate,
  index: number,
  random: Random,
  usedNames: Set<string>,
): ProductSeed {
  // Re-draw until the name is new: a shop does not list the same article twice.
  let item = random.pick(template.items);
  let variant = random.pick(template.variants);
  let brand = random.pick(template.brands);
  while (usedNames.has(`${brand}|${item.en}|${variant.en}`)) {
    item = random.pick(template.items);
    variant = random.pick(template.variants);
    brand = random.pick(template.brands);
  }
  usedNames.add(`${brand}|${item.en}|${variant.en}`);
  const [min, max] = template.priceRange;
  // Shop prices end in .500 or .000 (or .250 below 10 KWD), like most Kuwaiti shelves.
  const rawPrice = min + (max - min) * random.next() ** 1.6;
  const price = money(Math.max(min, roundTo(rawPrice, rawPrice < 10 ? 0.25 : 0.5)));
  const discounted = random.chance(0.35);
  const discountOffer = discounted ? random.pick(DISCOUNT_PERCENTS) : null;
  const discountedPrice =
    discountOffer === null ? null : money(roundTo(price * (1 - discountOffer / 100), 0.05));
  const stockQuantity = stockQuantityOf(random, 60, 400);
  const sizes = template.sizes
    ? random.sample(template.sizes, random.int(Math.min(3, template.sizes.length), template.sizes.length))
    : [];
  const singleFinish = random.chance(template.singleFinishShare ?? 0);
  const colors =
    template.colors && !singleFinish
      ? random.sample(template.colors, random.int(2, Math.min(4, template.colors.length)))
      : [];
  const galleryCount = random.int(2, 4);
  const padded = String(index).padStart(3, '0');
  return {
    index,
    categorySlug: template.slug,
    name: { en: `${brand} ${item.en} – ${variant.en}`, ar: `${item.ar} ${variant.ar} من ${brand}` },
    description: template.description(item, brand),
    brand,
    collection: random.pick(COLLECTIONS),
    price,
    discountedPrice,
    discountOffer,
    targetRating: Math.round((2.6 + random.next() * 2.4) * 10) / 10,
    stockQuantity,
    stockWarning: stockWarningFor(stockQuantity),
    offer: discountOffer !== null,
    sale: discountOffer !== null && discountOffer >= 25,
    soldCount: random.int(0, 900),
    daysAgo: random.int(0, 180),
    sizes,
    colors,
    images: Array.from({ length: galleryCount }, (_, view) => `p${padded}-${view + 1}.svg`),
  };
}

/** The whole demo catalogue, identical on every call. */
export function buildCatalog(): ProductSeed[] {
  const random = createRandom(20250301);
  const products: ProductSeed[] = [];
  const usedNames = new Set<string>();
  for (const template of CATEGORY_TEMPLATES) {
    for (let i = 0; i < PRODUCTS_PER_CATEGORY; i += 1) {
      products.push(buildProduct(template, products.length + 1, random, usedNames));
    }
  }
  return products;
}

export function categoryImageFile(slug: string): string {
  return `${slug}.svg`;
}
