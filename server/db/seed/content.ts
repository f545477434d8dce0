// Bilingual shop texts: banners, the about page, policies, shipping notes, coupons and review snippets.
import type { Silhouette } from './catalog';

export interface SliderSeed {
  titleEn: string;
  titleAr: string;
  file: string;
  status: 0 | 1;
  background: string;
  accent: string;
  silhouette: Silhouette;
  tagline: string;
}

export const SLIDERS: SliderSeed[] = [
  {
    titleEn: 'Eid Edit: up to 50% off',
    titleAr: 'تشكيلة العيد: خصومات حتى 50%',
    file: 'eid-edit',
    status: 1,
    background: '#6d1f2f',
    accent: '#e7c873',
    silhouette: 'abaya',
    tagline: 'Abayas, dishdashas and gifts delivered across Kuwait',
  },
  {
    titleEn: 'Oud season is here',
    titleAr: 'موسم العود بدأ',
    file: 'oud-season',
    status: 1,
    background: '#3b2a1e',
    accent: '#d9a441',
    silhouette: 'perfume',
    tagline: 'New blends from the Gulf’s favourite perfumers',
  },
  {
    titleEn: 'Free delivery in Kuwait City and Salmiya',
    titleAr: 'توصيل مجاني لمدينة الكويت والسالمية',
    file: 'free-delivery',
    status: 1,
    background: '#1f3a5f',
    accent: '#8ecae6',
    silhouette: 'bag',
    tagline: 'Orders arrive within 5 days',
  },
  {
    titleEn: 'National Day collection (coming back soon)',
    titleAr: 'مجموعة العيد الوطني (تعود قريباً)',
    file: 'national-day',
    status: 0,
    background: '#2e7d4f',
    accent: '#ffffff',
    silhouette: 'dallah',
    tagline: 'Celebrate 25 and 26 February with us',
  },
];

export const ABOUT = {
  titleEn: 'Who we are',
  titleAr: 'من نحن',
  bodyEn:
    'Gulf Storefront is a Kuwaiti online shop founded in Shuwaikh in 2019. We bring together trusted local perfumers, tailors and ' +
    'craftspeople with well-known brands, and deliver to every governorate of Kuwait within five days.\n' +
    'Our team answers in Arabic and English, every price includes VAT, and every order is packed by hand in our warehouse.',
  bodyAr:
    'متجر الخليج متجر إلكتروني كويتي تأسس في الشويخ عام 2019. نجمع بين العطارين والخياطين والحرفيين المحليين الموثوقين ' +
    'والعلامات التجارية المعروفة، ونوصل إلى جميع محافظات الكويت خلال خمسة أيام.\n' +
    'يرد فريقنا باللغتين العربية والإنجليزية، وجميع الأسعار شاملة ضريبة القيمة المضافة، وكل طلب يُغلّف يدوياً في مستودعنا.',
  file: 'about.svg',
};

export const CONTENT_PAGES = [
  {
    kind: 'refund' as const,
    titleEn: 'Refund and exchange policy',
    titleAr: 'سياسة الاسترجاع والاستبدال',
    contentEn: [
      'You can return or exchange any unused item in its original packaging within 14 days of delivery.',
      'Perfumes, cosmetics and underwear can only be returned sealed, for hygiene reasons.',
      'Refunds go back to the card or KNET account used for payment within 7 working days of receiving the item.',
      'Items that arrive damaged are collected and replaced free of charge; please contact us within 48 hours.',
    ].join('\n'),
    contentAr: [
      'يمكنك إرجاع أو استبدال أي منتج غير مستخدم في عبوته الأصلية خلال 14 يوماً من الاستلام.',
      'لا يمكن إرجاع العطور ومستحضرات التجميل والملابس الداخلية إلا وهي مغلقة، حفاظاً على النظافة.',
      'يُعاد المبلغ إلى البطاقة أو حساب كي نت المستخدم في الدفع خلال 7 أيام عمل من استلامنا للمنتج.',
      'المنتجات التي تصل تالفة نستلمها ونستبدلها مجاناً، يرجى التواصل معنا خلال 48 ساعة.',
    ].join('\n'),
  },
  {
    kind: 'privacy' as const,
    titleEn: 'Privacy policy',
    titleAr: 'سياسة الخصوصية',
    contentEn: [
      'We collect only what we need to deliver your order: your name, e-mail, phone number and delivery address.',
      'Card details are entered on the payment provider’s page and never reach our servers.',
      'We do not sell or share your data with third parties except the courier who delivers your order.',
      'You can delete your account at any time from your profile; your order records are kept as the law requires.',
    ].join('\n'),
    contentAr: [
      'نجمع فقط ما نحتاجه لتوصيل طلبك: الاسم والبريد الإلكتروني ورقم الهاتف وعنوان التوصيل.',
      'تُدخل بيانات البطاقة في صفحة مزود الدفع ولا تصل إلى خوادمنا أبداً.',
      'لا نبيع بياناتك ولا نشاركها مع أي طرف ثالث باستثناء شركة التوصيل التي توصل طلبك.',
      'يمكنك حذف حسابك في أي وقت من ملفك الشخصي، ونحتفظ بسجلات الطلبات كما يقتضي القانون.',
    ].join('\n'),
  },
];

export const SHIPPINGS = [
  {
    detailsEn: 'Delivery to all governorates of Kuwait within 5 days; the price depends on your area.',
    detailsAr: 'التوصيل لجميع محافظات الكويت خلال 5 أيام، ويعتمد السعر على منطقتك.',
    daysAgo: 40,
  },
  {
    detailsEn: 'Free delivery to Kuwait City, Sharq, Shuwaikh, Hawalli and Salmiya.',
    detailsAr: 'توصيل مجاني إلى مدينة الكويت وشرق والشويخ وحولي والسالمية.',
    daysAgo: 25,
  },
  {
    detailsEn: 'Orders paid before 12 noon leave our warehouse the same day (except Fridays).',
    detailsAr: 'الطلبات المدفوعة قبل الساعة 12 ظهراً تخرج من المستودع في نفس اليوم (عدا الجمعة).',
    daysAgo: 10,
  },
];

export interface CouponSeed {
  code: string;
  discount: number;
  isActive: boolean;
  /** days from the seeding day; negative means already expired */
  endsInDays: number;
}

export const COUPONS: CouponSeed[] = [
  { code: 'WELCOME10', discount: 10, isActive: true, endsInDays: 365 },
  { code: 'EID25', discount: 25, isActive: true, endsInDays: 45 },
  { code: 'OUD15', discount: 15, isActive: true, endsInDays: 90 },
  { code: 'RAMADAN20', discount: 20, isActive: true, endsInDays: -30 },
  { code: 'NATIONALDAY30', discount: 30, isActive: true, endsInDays: -120 },
  { code: 'VIP40', discount: 40, isActive: false, endsInDays: 200 },
];

export const REVIEWERS = [
  'Fatima Al-Sabah',
  'محمد الكندري',
  'Noura A.',
  'عبدالله العتيبي',
  'Sara M.',
  'هيا الرشيد',
  'Ahmed K.',
  'دانة العنزي',
  'Yousef Al-Mutairi',
  'ريم الشمري',
];

/** Review texts by rating band: [low (1–2), middle (3), high (4–5)]; at least 5 each, one per review of a product. */
export const REVIEW_TEXTS: [string[], string[], string[]] = [
  [
    'The colour was different from the picture.',
    'وصل متأخراً والتغليف كان سيئاً.',
    'Not worth the price, sadly.',
    'المقاس غير مطابق للجدول، اضطررت لإرجاعه.',
    'The stitching came loose after one wash.',
  ],
  [
    'Decent quality for the price, delivery took four days.',
    'جيد لكن المقاس أصغر قليلاً من المتوقع.',
    'Okay overall, the packaging could be better.',
    'السعر مناسب لكن اللون أفتح من الصورة.',
    'Nice design, though the scent fades by the evening.',
  ],
  [
    'Excellent quality and fast delivery to Salmiya!',
    'منتج رائع وجودة ممتازة، أنصح فيه.',
    'Exactly as described, will order again.',
    'التوصيل سريع والتغليف أنيق جداً.',
    'Bought it as an Eid gift and everyone loved it.',
    'ريحته ثابتة طول اليوم، شكراً لكم.',
  ],
];
