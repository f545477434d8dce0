// The words of the shop's mails, in each language the shop speaks. Kept on the server (the SPA's locale files are
// not shipped with it); `{id}`, `{amount}`, `{shop}` and `{date}` are filled in by the caller.

export type MailLanguage = 'en' | 'ar';

export type OrderMailEvent =
  'received' | 'paid' | 'delivered' | 'cancelled' | 'expired' | 'refund_due' | 'refunded';

export type StaffMailEvent = 'paid_order' | 'refund_due' | 'review_waiting';

interface EventTexts {
  subject: string;
  heading: string;
  intro: string;
}

export interface MailTexts {
  greeting: string;
  greeting_named: string;
  /** the list separator */
  comma: string;
  order_events: Record<OrderMailEvent, EventTexts>;
  cancelled_paid: string;
  pay_now: string;
  pay_before: string;
  rate_intro: string;
  rate_product: string;
  items: string;
  quantity: string;
  size: string;
  color: string;
  subtotal: string;
  discount: string;
  shipping: string;
  total: string;
  refund_amount: string;
  deliver_to: string;
  phone: string;
  view_orders: string;
  questions: string;
  questions_reply: string;
  sign_off: string;
  staff_events: Record<StaffMailEvent, EventTexts>;
  open_order: string;
  open_reviews: string;
  review_product: string;
  review_rating: string;
  review_by: string;
  staff_footer: string;
}

export const MAIL_TEXTS: Record<MailLanguage, MailTexts> = {
  en: {
    greeting: 'Hello,',
    greeting_named: 'Hello {name},',
    comma: ', ',
    order_events: {
      received: {
        subject: 'We received your order #{id}',
        heading: 'Thank you for your order',
        intro: 'We received your order #{id}. Its items are held for you while you pay.',
      },
      paid: {
        subject: 'Your receipt for order #{id}',
        heading: 'Payment received',
        intro:
          'We received {amount} for your order #{id}. This mail is your receipt; we are preparing your order.',
      },
      delivered: {
        subject: 'Your order #{id} was delivered',
        heading: 'Your order was delivered',
        intro: 'Your order #{id} was delivered. We hope you enjoy it.',
      },
      cancelled: {
        subject: 'Your order #{id} is cancelled',
        heading: 'Your order is cancelled',
        intro: 'Your order #{id} is cancelled. Its items are back on sale and nothing was charged.',
      },
      expired: {
        subject: 'Your order #{id} expired unpaid',
        heading: 'Your order expired',
        intro:
          'Your order #{id} was not paid in time, so its items went back on sale. Nothing was charged. You are welcome to order again.',
      },
      refund_due: {
        subject: 'Your payment for order #{id} goes back to you',
        heading: 'Your payment goes back to you',
        intro:
          'We received {amount} for your order #{id}, but the order could no longer take it: it was paid already, or it had closed and its items went back on sale. The money goes back to you the way you paid, and we will mail you when the refund is done.',
      },
      refunded: {
        subject: 'Refund for your order #{id}',
        heading: 'Your refund is on its way',
        intro:
          'We refunded {amount} for your order #{id}. It goes back the way you paid; your bank may take a few days.',
      },
    },
    cancelled_paid:
      'Your order #{id} is cancelled. You paid {amount} for it: the money goes back to you the way you paid, and we will mail you when the refund is done.',
    pay_now: 'Pay now',
    pay_before: 'Pay before {date}, or the order expires and its items go back on sale.',
    rate_intro: 'How did you find your products? Your review helps other shoppers.',
    rate_product: 'Rate {name}',
    items: 'Items',
    quantity: 'Quantity',
    size: 'Size',
    color: 'Colour',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Delivery',
    total: 'Total',
    refund_amount: 'Refunded',
    deliver_to: 'Delivery address',
    phone: 'Phone',
    view_orders: 'Your orders',
    questions: 'Questions? Write to us at {email}.',
    questions_reply: 'Questions? Reply to this mail.',
    sign_off: '{shop}',
    staff_events: {
      paid_order: {
        subject: 'Paid order #{id} is waiting: {amount}',
        heading: 'A paid order is waiting',
        intro: 'Order #{id} was paid ({amount}) and is waiting to be delivered.',
      },
      refund_due: {
        subject: 'A payment to give back: order #{id}, {amount}',
        heading: 'A payment waits to be refunded',
        intro:
          'A payment of {amount} came for order #{id}, which could not take it (paid already, or closed and its items sold). Refund it at the payment gateway, then record the refund on the order.',
      },
      review_waiting: {
        subject: 'A review is waiting for approval',
        heading: 'A review is waiting',
        intro: 'A shopper reviewed a product; the review appears once staff approve it.',
      },
    },
    open_order: 'Open the order',
    open_reviews: 'Open the reviews',
    review_product: 'Product',
    review_rating: 'Rating',
    review_by: 'By',
    staff_footer:
      'You receive these mails because the owner of {shop} switched them on for you in the back office.',
  },
  ar: {
    greeting: 'مرحبًا،',
    greeting_named: 'مرحبًا {name}،',
    comma: '، ',
    order_events: {
      received: {
        subject: 'استلمنا طلبك رقم {id}',
        heading: 'شكرًا لطلبك',
        intro: 'استلمنا طلبك رقم {id}. منتجاته محجوزة لك ريثما تدفع.',
      },
      paid: {
        subject: 'إيصال طلبك رقم {id}',
        heading: 'تم استلام الدفع',
        intro: 'استلمنا {amount} لطلبك رقم {id}. هذه الرسالة إيصالك، ونحن نجهّز طلبك الآن.',
      },
      delivered: {
        subject: 'تم توصيل طلبك رقم {id}',
        heading: 'تم توصيل طلبك',
        intro: 'تم توصيل طلبك رقم {id}. نتمنى أن ينال إعجابك.',
      },
      cancelled: {
        subject: 'تم إلغاء طلبك رقم {id}',
        heading: 'تم إلغاء طلبك',
        intro: 'تم إلغاء طلبك رقم {id}. عادت منتجاته إلى البيع ولم يُخصم منك أي مبلغ.',
      },
      expired: {
        subject: 'انتهت مهلة طلبك رقم {id} دون دفع',
        heading: 'انتهت مهلة طلبك',
        intro:
          'لم يُدفع طلبك رقم {id} في الوقت المحدد، فعادت منتجاته إلى البيع. لم يُخصم منك أي مبلغ، ويسعدنا أن تطلب من جديد.',
      },
      refund_due: {
        subject: 'دفعتك للطلب رقم {id} ستعود إليك',
        heading: 'دفعتك ستعود إليك',
        intro:
          'استلمنا {amount} لطلبك رقم {id}، لكن الطلب لم يعد يقبلها: كان مدفوعًا من قبل، أو أُغلق وعادت منتجاته إلى البيع. سيعود المبلغ إليك بالطريقة التي دفعت بها، وسنراسلك حين يتم الاسترداد.',
      },
      refunded: {
        subject: 'استرداد مبلغ طلبك رقم {id}',
        heading: 'المبلغ في طريقه إليك',
        intro: 'أعدنا {amount} عن طلبك رقم {id} بالطريقة التي دفعت بها، وقد يستغرق البنك بضعة أيام.',
      },
    },
    cancelled_paid:
      'تم إلغاء طلبك رقم {id}. دفعت {amount} له، وسيعود إليك المبلغ بالطريقة التي دفعت بها، وسنراسلك حين يتم الاسترداد.',
    pay_now: 'ادفع الآن',
    pay_before: 'ادفع قبل {date}، وإلا انتهت مهلة الطلب وعادت منتجاته إلى البيع.',
    rate_intro: 'ما رأيك في منتجاتك؟ تقييمك يساعد المتسوقين الآخرين.',
    rate_product: 'قيّم {name}',
    items: 'المنتجات',
    quantity: 'الكمية',
    size: 'المقاس',
    color: 'اللون',
    subtotal: 'المجموع الفرعي',
    discount: 'الخصم',
    shipping: 'التوصيل',
    total: 'الإجمالي',
    refund_amount: 'المبلغ المسترد',
    deliver_to: 'عنوان التوصيل',
    phone: 'الهاتف',
    view_orders: 'طلباتك',
    questions: 'لديك سؤال؟ راسلنا على {email}.',
    questions_reply: 'لديك سؤال؟ رُدّ على هذه الرسالة.',
    sign_off: '{shop}',
    staff_events: {
      paid_order: {
        subject: 'الطلب المدفوع رقم {id} بانتظارك: {amount}',
        heading: 'طلب مدفوع بانتظار التوصيل',
        intro: 'تم دفع الطلب رقم {id} ({amount}) وهو بانتظار التوصيل.',
      },
      refund_due: {
        subject: 'دفعة يجب ردّها: الطلب رقم {id}، {amount}',
        heading: 'دفعة بانتظار الاسترداد',
        intro:
          'وصلت دفعة بقيمة {amount} للطلب رقم {id}، ولم يعد الطلب يقبلها (مدفوع من قبل، أو مغلق وبيعت منتجاته). ردّها من بوابة الدفع، ثم سجّل الاسترداد على الطلب.',
      },
      review_waiting: {
        subject: 'تقييم بانتظار الموافقة',
        heading: 'تقييم بانتظار الموافقة',
        intro: 'قيّم أحد المتسوقين منتجًا، ويظهر التقييم بعد موافقة الموظفين.',
      },
    },
    open_order: 'افتح الطلب',
    open_reviews: 'افتح التقييمات',
    review_product: 'المنتج',
    review_rating: 'التقييم',
    review_by: 'الكاتب',
    staff_footer: 'تصلك هذه الرسائل لأن مالك {shop} فعّلها لك في لوحة الإدارة.',
  },
};

/** `{name}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
