// The mails of an order's life and the staff's notices: composed from the database inside the caller's transaction
// and queued in the outbox there (MailService.queue), so the state change and its mail commit together and the
// retry job delivers them, whatever the SMTP server is doing at that moment.
import { SHOP_TIME_ZONE } from '../../shared/shopClock';
import { minorUnitsPerMajor } from '../../shared/minorUnits';
import type { Db } from '../db/client';
import { orderForMail, productNames, staffToNotify, type OrderForMail } from '../db/queries/mails';
import type { MailShop, MailService } from '../services/mail';
import type { MailFigure, MailLink, OrderMailProps } from './OrderMail';
import { fill, MAIL_TEXTS, type MailLanguage, type OrderMailEvent } from './texts';

export type { OrderMailEvent, StaffMailEvent } from './texts';

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks) and other invisible controls a shopper may type:
 * in a mail they would reorder what follows them (an address made to read as another, a total shown backwards).
 */
const NEUTRALISED =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;

/** A value typed by a shopper, as a mail may show it: controls gone, runs of spaces one, at most 300 characters. */
export function clean(value: string): string {
  return value.replace(NEUTRALISED, '').replace(/\s+/g, ' ').trim().slice(0, 300);
}

export function moneyText(amount: number, currency: string): string {
  const digits = Math.round(Math.log10(minorUnitsPerMajor(currency)));
  return `${amount.toFixed(digits)} ${currency.toUpperCase()}`;
}

function dateText(date: Date, language: MailLanguage): string {
  return (
    new Intl.DateTimeFormat(language === 'ar' ? 'ar-KW-u-nu-latn' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: SHOP_TIME_ZONE,
    })
      .format(date)
      // Intl marks Arabic dates with RLMs; the mail's own direction orders them, and the test of controls stays exact.
      .replace(NEUTRALISED, '')
  );
}

/** A shop address in the reader's language: the SPA takes the language from `lng`. */
function shopLink(shop: MailShop, path: string, language: MailLanguage): string {
  const url = new URL(path, `${shop.publicUrl}/`);
  url.searchParams.set('lng', language);
  return url.toString();
}

function pictureUrl(shop: MailShop, picture: string | null): string | null {
  if (!picture) return null;
  if (/^https:\/\//i.test(picture)) return picture;
  return picture.startsWith('/') ? `${shop.publicUrl}${picture}` : null;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** The plain-text part: the same content as the HTML, one block a paragraph. */
function plainText(props: OrderMailProps): string {
  const blocks: string[] = [props.shopName, props.heading, props.greeting, ...props.paragraphs];
  if (props.button) blocks.push(`${props.button.label}: ${props.button.url}`);
  if (props.note) blocks.push(props.note);
  if (props.lines && props.lines.length > 0) {
    blocks.push(
      [
        `${props.itemsTitle ?? ''}:`,
        ...props.lines.map((line) =>
          [
            `- ${line.name}`,
            line.details ? ` (${line.details})` : '',
            `${props.comma}${line.quantity.label}: ${line.quantity.count}`,
            line.quantity.unitPrice ? ` × ${line.quantity.unitPrice}` : '',
            `: ${line.totalText}`,
          ].join(''),
        ),
      ].join('\n'),
    );
  }
  if (props.figures && props.figures.length > 0) {
    blocks.push(props.figures.map((figure) => `${figure.label}: ${figure.value}`).join('\n'));
  }
  if (props.address) {
    const { title, lines, phone } = props.address;
    blocks.push([`${title}:`, ...lines, `${phone.label}: ${phone.value}`].join('\n'));
  }
  if (props.links && props.links.items.length > 0) {
    blocks.push(
      [props.links.intro, ...props.links.items.map((link) => `${link.label}: ${link.url}`)].join('\n'),
    );
  }
  blocks.push('--', props.contact, props.signOff);
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The mail's HTML. React Email and the mail's components load with the first mail a process composes: a server
 * starting (and each server test file, which builds one) does not wait for them (0.2 s).
 */
async function htmlOf(props: OrderMailProps): Promise<string> {
  const [{ render }, { OrderMail }] = await Promise.all([
    import('@react-email/render'),
    import('./OrderMail.js'),
  ]);
  return render(<OrderMail {...props} />);
}

async function compose(subject: string, props: OrderMailProps): Promise<ComposedMail> {
  return { subject, text: plainText(props), html: await htmlOf(props) };
}

function footer(shop: MailShop, language: MailLanguage) {
  const t = MAIL_TEXTS[language];
  return {
    shopName: shop.name[language],
    shopUrl: shopLink(shop, '/', language),
    contact: shop.contactEmail ? fill(t.questions, { email: shop.contactEmail }) : t.questions_reply,
    contactEmail: shop.contactEmail,
    signOff: fill(t.sign_off, { shop: shop.name[language] }),
    comma: t.comma,
  };
}

/** The order's figures as the shopper was charged them. */
function figuresOf({ order }: OrderForMail, language: MailLanguage): MailFigure[] {
  const t = MAIL_TEXTS[language];
  const figures: MailFigure[] = [{ label: t.subtotal, value: moneyText(order.subtotal, order.currency) }];
  if (order.discountAmount > 0) {
    figures.push({ label: t.discount, value: `-${moneyText(order.discountAmount, order.currency)}` });
  }
  figures.push({ label: t.shipping, value: moneyText(order.shippingCost, order.currency) });
  figures.push({ label: t.total, value: moneyText(order.totalPrice, order.currency), strong: true });
  return figures;
}

export interface OrderMailExtra {
  /** the refund just recorded (refunded), or the payment to be refunded (refund_due) */
  refund?: { amount: number; currency: string };
  /** what the gateway took (paid): the receipt says it, not the order's total (staff may accept another amount) */
  paid?: { amount: number; currency: string };
  /** the order was paid when it was cancelled: the money goes back (cancelled) */
  paidWhenCancelled?: boolean;
}

/** One order mail in the order's language, from the order as it is in `data`. */
export async function composeOrderMail(
  shop: MailShop,
  event: OrderMailEvent,
  data: OrderForMail,
  extra: OrderMailExtra = {},
): Promise<ComposedMail> {
  const { order, items } = data;
  const language: MailLanguage = order.language === 'ar' ? 'ar' : 'en';
  const t = MAIL_TEXTS[language];
  const texts = t.order_events[event];
  const total = moneyText(order.totalPrice, order.currency);
  const values = {
    id: order.id,
    amount: extra.refund
      ? moneyText(extra.refund.amount, extra.refund.currency)
      : extra.paid
        ? moneyText(extra.paid.amount, extra.paid.currency)
        : total,
  };
  const name = data.customerName ? clean(data.customerName) : '';
  const lines = items.map((item) => {
    const itemName = clean(language === 'ar' ? item.productNameAr : item.productNameEn);
    return {
      name: itemName,
      pictureUrl: pictureUrl(shop, item.picture),
      details: [
        item.size ? `${t.size}: ${clean(item.size)}` : '',
        item.color ? `${t.color}: ${clean(item.color)}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      quantity: {
        label: t.quantity,
        count: item.quantity,
        unitPrice: moneyText(item.unitPrice, order.currency),
      },
      totalText: moneyText(item.totalPrice, order.currency),
    };
  });
  const withLines = event === 'received' || event === 'paid';
  let button: MailLink | undefined;
  let note: string | undefined;
  if (event === 'received' && order.status === 'pending' && order.paymentUrl) {
    button = { label: t.pay_now, url: order.paymentUrl };
    if (order.reservedUntil) note = fill(t.pay_before, { date: dateText(order.reservedUntil, language) });
  } else if (order.userId !== null && event !== 'delivered') {
    button = { label: t.view_orders, url: shopLink(shop, '/orders', language) };
  }
  const rated = new Map<number, MailLink>();
  if (event === 'delivered') {
    for (const item of items) {
      if (item.productId === null || rated.has(item.productId)) continue;
      rated.set(item.productId, {
        label: fill(t.rate_product, {
          name: clean(language === 'ar' ? item.productNameAr : item.productNameEn),
        }),
        url: shopLink(shop, `/product/${item.productId}`, language),
      });
    }
  }
  const intro =
    event === 'cancelled' && extra.paidWhenCancelled
      ? fill(t.cancelled_paid, values)
      : fill(texts.intro, values);
  const props: OrderMailProps = {
    language,
    ...footer(shop, language),
    preview: fill(texts.subject, values),
    heading: texts.heading,
    greeting: name ? fill(t.greeting_named, { name }) : t.greeting,
    paragraphs: [intro],
    button,
    note,
    itemsTitle: t.items,
    lines: withLines || event === 'delivered' ? lines : undefined,
    figures: withLines
      ? figuresOf(data, language)
      : extra.refund && event === 'refunded'
        ? [{ label: t.refund_amount, value: values.amount, strong: true }]
        : undefined,
    address: withLines
      ? {
          title: t.deliver_to,
          lines: [clean(order.address), `${clean(order.areaName)}${t.comma}${clean(order.governorateName)}`],
          phone: { label: t.phone, value: clean(`${order.contactCountryCode} ${order.contactPhone}`) },
        }
      : undefined,
    links: rated.size > 0 ? { intro: t.rate_intro, items: [...rated.values()] } : undefined,
  };
  return compose(fill(texts.subject, values), props);
}

/**
 * Queues the order's mail to the address it was placed with (a guest's too), inside `tx`: call it in the
 * transaction that made the change, after the change, so the mail tells the order as it now is.
 */
export async function queueOrderMail(
  tx: Db,
  mail: MailService,
  orderId: number,
  event: OrderMailEvent,
  now: Date,
  extra: OrderMailExtra = {},
): Promise<void> {
  const data = await orderForMail(tx, orderId);
  // An erased contact (a deleted account's settled order) has nobody to tell.
  if (!data || !data.order.contactEmail.includes('@')) return;
  const composed = await composeOrderMail(mail.shop, event, data, extra);
  await mail.queue(tx, { to: data.order.contactEmail, ...composed }, now);
}

export type StaffNotice =
  | { event: 'paid_order'; orderId: number }
  | { event: 'refund_due'; orderId: number; amount: number; currency: string }
  | { event: 'review_waiting'; productId: number; rating: number; review: string; author: string };

/** The notice to staff, in the language the staff member last used the shop in. */
export async function composeStaffMail(
  tx: Db,
  shop: MailShop,
  notice: StaffNotice,
  language: MailLanguage = 'en',
): Promise<ComposedMail | null> {
  const t = MAIL_TEXTS[language];
  const texts = t.staff_events[notice.event];
  const base = { language, ...footer(shop, language), greeting: t.greeting };
  const staffFooter = fill(t.staff_footer, { shop: shop.name[language] });
  if (notice.event === 'paid_order') {
    const data = await orderForMail(tx, notice.orderId);
    if (!data) return null;
    const values = { id: data.order.id, amount: moneyText(data.order.totalPrice, data.order.currency) };
    return compose(fill(texts.subject, values), {
      ...base,
      preview: fill(texts.subject, values),
      heading: texts.heading,
      paragraphs: [fill(texts.intro, values)],
      button: { label: t.open_order, url: shopLink(shop, `/admin/orders/${data.order.id}`, language) },
      itemsTitle: t.items,
      lines: data.items.map((item) => ({
        name: clean(language === 'ar' ? item.productNameAr : item.productNameEn),
        pictureUrl: pictureUrl(shop, item.picture),
        details: [item.size ? clean(item.size) : '', item.color ? clean(item.color) : '']
          .filter(Boolean)
          .join(' · '),
        quantity: { label: t.quantity, count: item.quantity },
        totalText: moneyText(item.totalPrice, data.order.currency),
      })),
      figures: figuresOf(data, language),
      address: {
        title: t.deliver_to,
        lines: [
          clean(data.order.address),
          `${clean(data.order.areaName)}${t.comma}${clean(data.order.governorateName)}`,
        ],
        phone: {
          label: t.phone,
          value: clean(`${data.order.contactCountryCode} ${data.order.contactPhone}`),
        },
      },
      note: staffFooter,
    });
  }
  if (notice.event === 'refund_due') {
    const values = { id: notice.orderId, amount: moneyText(notice.amount, notice.currency) };
    return compose(fill(texts.subject, values), {
      ...base,
      preview: fill(texts.subject, values),
      heading: texts.heading,
      paragraphs: [fill(texts.intro, values)],
      button: { label: t.open_order, url: shopLink(shop, `/admin/orders/${notice.orderId}`, language) },
      note: staffFooter,
    });
  }
  const names = await productNames(tx, [notice.productId]);
  const product = names.get(notice.productId);
  return compose(texts.subject, {
    ...base,
    preview: texts.subject,
    heading: texts.heading,
    paragraphs: [
      texts.intro,
      `${t.review_product}: ${clean(product?.[language] ?? `#${notice.productId}`)}`,
      `${t.review_rating}: ${'★'.repeat(Math.max(0, Math.min(5, notice.rating)))}`,
      `${t.review_by}: ${clean(notice.author)}`,
      `“${clean(notice.review)}”`,
    ],
    button: { label: t.open_reviews, url: shopLink(shop, '/admin/reviews', language) },
    note: staffFooter,
  });
}

/** Tells every staff member who asked (the owner's switch per person), inside `tx`. */
export async function queueStaffMail(
  tx: Db,
  mail: MailService,
  notice: StaffNotice,
  now: Date,
): Promise<void> {
  const recipients = await staffToNotify(tx);
  // Each language composed once, for all who read it; an account not seen since migration 022 reads English.
  const composed = new Map<MailLanguage, ComposedMail | null>();
  for (const recipient of recipients) {
    const language = recipient.language ?? 'en';
    const email = recipient.email;
    if (!composed.has(language))
      composed.set(language, await composeStaffMail(tx, mail.shop, notice, language));
    const mailOf = composed.get(language);
    if (mailOf) await mail.queue(tx, { to: email, ...mailOf }, now);
  }
}
