import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import type { Language } from '../../../app/events';
import { leavePage } from '../../../lib/leavePage';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { apiUrl, server } from '../../../testing/server';
import { ORDER_SUCCESS_CLOSE_DELAY_MS } from '../components/PaymentResult';
import PaymentPage from './PaymentPage';

const METHODS = [
  {
    PaymentMethodId: 1,
    PaymentMethodAr: 'كي نت',
    PaymentMethodEn: 'KNET',
    ImageUrl: 'http://localhost/media/payments/knet.svg',
    ServiceCharge: 0.13,
    CurrencyIso: 'KWD',
    TotalAmount: 12.63,
    PaymentCurrencyIso: 'KWD',
  },
  {
    PaymentMethodId: 2,
    PaymentMethodAr: 'فيزا / ماستر',
    PaymentMethodEn: 'VISA/MASTER',
    ImageUrl: 'http://localhost/media/payments/visa-master.svg',
    ServiceCharge: 0.31,
    CurrencyIso: 'KWD',
    TotalAmount: 12.81,
    PaymentCurrencyIso: 'KWD',
  },
];

const signedIn = { auth: { token: 't', userId: 7, email: 'sara@shop.com' } };

/** The page's own alert (a toast may say the same). */
async function alertSaying(text: string | RegExp) {
  const says = (content: string) => (typeof text === 'string' ? content.includes(text) : text.test(content));
  await waitFor(() =>
    expect(screen.getAllByRole('alert').some((alert) => says(alert.textContent ?? ''))).toBe(true),
  );
}

function renderPayment(route: string, language: Language = 'en', preloadedState: object = signedIn) {
  return renderWithProviders(<PaymentPage />, { route, language, preloadedState });
}

describe('choosing a payment method', () => {
  let leave: jest.SpyInstance;
  beforeEach(() => {
    leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
  });
  afterEach(() => {
    leave.mockRestore();
  });

  it('loading, then the list (image, name, charge, total), then processing and the gateway in the same window', async () => {
    const initiated: unknown[] = [];
    const executed: unknown[] = [];
    server.use(
      http.post(apiUrl('initiate-payment'), async ({ request }) => {
        initiated.push(await request.json());
        await delay(50);
        return HttpResponse.json({ payment_methods: METHODS });
      }),
      http.post(apiUrl('execute-payment'), async ({ request }) => {
        executed.push(await request.json());
        await delay(50);
        return HttpResponse.json({
          payment_result: { PaymentURL: 'http://localhost/pay/sandbox/abc', InvoiceId: '123' },
        });
      }),
    );
    const { user } = renderPayment('/payment?order_id=41&invoice_value=12.5&currency_iso=KWD');
    expect(screen.getByText('Loading payment methods…')).toBeInTheDocument();
    const knet = await screen.findByRole('radio', { name: /KNET/ });
    // docs/spec/02-shopping.md §7: {invoice_value, currency_iso, country_code}, beside the order id the
    // server checks them against.
    expect(initiated).toEqual([
      { order_id: 41, invoice_value: 12.5, currency_iso: 'KWD', country_code: 'KWT' },
    ]);
    expect(screen.getByText('Order #41')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /VISA\/MASTER/ })).toBeInTheDocument();
    expect(screen.getByText(/0\.13/)).toBeInTheDocument();
    expect(screen.getByText(/12\.63/)).toBeInTheDocument();
    expect(document.querySelector('img[src="http://localhost/media/payments/knet.svg"]')).not.toBeNull();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    await user.click(knet);
    await user.click(pay);
    expect(await screen.findByRole('button', { name: 'Processing payment…' })).toBeDisabled();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/pay/sandbox/abc'));
    expect(executed).toEqual([
      { order_id: 41, invoice_value: 12.63, payment_method_id: 1, country_code: 'SAU' },
    ]);
  });

  it('a guest pays with the guest token; names in Arabic', async () => {
    const executed: unknown[] = [];
    server.use(
      http.post(apiUrl('initiate-payment'), () => HttpResponse.json({ payment_methods: METHODS })),
      http.post(apiUrl('execute-payment'), async ({ request }) => {
        executed.push(await request.json());
        return HttpResponse.json({ payment_result: { PaymentURL: 'http://localhost/pay/sandbox/g' } });
      }),
    );
    const { user } = renderPayment('/payment?order_id=5', 'ar', { cart: { guestToken: 'guest-1' } });
    await user.click(await screen.findByRole('radio', { name: /كي نت/ }));
    await user.click(screen.getByRole('button', { name: 'ادفع' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/pay/sandbox/g'));
    expect(executed[0]).toMatchObject({ order_id: 5, guest_token: 'guest-1', country_code: 'SAU' });
  });

  it.each([
    ['en', 'Error fetching payment methods'],
    ['ar', 'حدث خطأ أثناء جلب طرق الدفع'],
  ] as const)('methods that cannot be loaded (%s): "%s"', async (language, message) => {
    server.use(
      http.post(apiUrl('initiate-payment'), () => HttpResponse.json({ message: 'x' }, { status: 502 })),
    );
    renderPayment('/payment?order_id=41', language);
    await alertSaying(message);
  });

  it.each([
    ['en', 'This order is already paid or closed', 'See your orders'],
    ['ar', 'هذا الطلب مدفوع أو مغلق', 'عرض طلباتك'],
  ] as const)(
    'an order that can no longer be paid says why (%s), with the way on instead of a retry that cannot work',
    async (language, told, way) => {
      server.use(
        http.post(apiUrl('initiate-payment'), () =>
          HttpResponse.json({ message: 'This order is already paid or closed.' }, { status: 409 }),
        ),
      );
      renderPayment('/payment?order_id=41', language);
      await alertSaying(new RegExp(told));
      // signed in: the shopper's orders, where a paid one is
      expect(screen.getByRole('link', { name: way })).toHaveAttribute('href', '/orders');
      expect(screen.queryByRole('button', { name: /Try again|أعد المحاولة/ })).not.toBeInTheDocument();
    },
  );

  it('an order that expired unpaid says so, and leads back to the cart', async () => {
    server.use(
      http.post(apiUrl('initiate-payment'), () =>
        HttpResponse.json(
          { message: 'This order expired unpaid and its items went back on sale.' },
          { status: 409 },
        ),
      ),
    );
    renderPayment('/payment?order_id=41', 'en');
    await alertSaying(/expired unpaid.*Order them again from your cart/);
  });

  it.each([
    ['en', 'Error processing payment', 'Pay'],
    ['ar', 'حدث خطأ أثناء تنفيذ الدفع', 'ادفع'],
  ] as const)(
    'a payment that cannot start (%s): "%s", and the shopper can choose again',
    async (language, message, payLabel) => {
      server.use(
        http.post(apiUrl('initiate-payment'), () => HttpResponse.json({ payment_methods: METHODS })),
        http.post(apiUrl('execute-payment'), () => HttpResponse.json({ message: 'x' }, { status: 502 })),
      );
      const { user } = renderPayment('/payment?order_id=41', language);
      const radios = await screen.findAllByRole('radio');
      await user.click(radios[1] as HTMLElement);
      await user.click(screen.getByRole('button', { name: payLabel }));
      await alertSaying(message);
      expect(screen.getByRole('button', { name: payLabel })).toBeEnabled();
      expect(leave).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['en', 'Online payment is not available at the moment'],
    ['ar', 'الدفع الإلكتروني غير متاح حاليًا'],
  ] as const)(
    '(%s) a shop without payments (503) says so instead of a fetch error',
    async (language, text) => {
      server.use(
        http.post(apiUrl('initiate-payment'), () =>
          HttpResponse.json({ message: 'This service is currently unavailable.' }, { status: 503 }),
        ),
      );
      renderPayment('/payment?order_id=41', language);
      await alertSaying(text);
    },
  );

  it('an answer without a payment URL is an error too; stock gone says so', async () => {
    let answer = 0;
    server.use(
      http.post(apiUrl('initiate-payment'), () => HttpResponse.json({ payment_methods: METHODS })),
      http.post(apiUrl('execute-payment'), () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json({ payment_result: {} })
          : HttpResponse.json(
              { message: 'Some items of this order are no longer in stock.' },
              { status: 409 },
            );
      }),
    );
    const { user } = renderPayment('/payment?order_id=41');
    await user.click(await screen.findByRole('radio', { name: /KNET/ }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await alertSaying('Error processing payment');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await alertSaying('Some items of this order are no longer in stock.');
  });
});

describe('back from the gateway', () => {
  const status = (body: object, code = 200) =>
    server.use(http.get(apiUrl('payments/:id/status'), () => HttpResponse.json(body, { status: code })));

  it('shows paid from the server, whatever the link says', async () => {
    status({
      order_id: 41,
      status: 'paid',
      payment_status: 'paid',
      payment_id: 'p1',
      total_price: 12.5,
      currency: 'KWD',
    });
    renderPayment('/payment?paymentId=p1&status=failed');
    expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Thank you! Order #41 is paid.')).toBeInTheDocument();
    expect(screen.getByText(/12\.50/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Retry payment' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Order placed', 'Thank you! Order #41 is placed and paid.'],
    ['ar', 'تم تقديم الطلب', 'شكرًا لك! تم تقديم الطلب رقم 41 ودفع قيمته.'],
  ] as const)(
    '(%s) a paid order: the success modal shows, then closes by itself after 2 s',
    async (language, title, text) => {
      status({ order_id: 41, status: 'paid', payment_status: 'paid', payment_id: 'p1' });
      jest.useFakeTimers({ advanceTimers: true });
      try {
        renderPayment('/payment?paymentId=p1', language);
        const modal = await screen.findByRole('dialog', { name: title });
        expect(within(modal).getByText(text)).toBeInTheDocument();
        act(() => {
          jest.advanceTimersByTime(ORDER_SUCCESS_CLOSE_DELAY_MS - 100);
        });
        expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
        act(() => {
          jest.advanceTimersByTime(100);
        });
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        // The page keeps the outcome under it.
        expect(screen.getByTestId('payment-outcome')).toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it("asks with the return link's signature and the guest cart's token: only the order's owner may read it", async () => {
    const asked: URL[] = [];
    server.use(
      http.get(apiUrl('payments/:id/status'), ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ order_id: 41, status: 'paid', payment_status: 'paid', payment_id: 'p1' });
      }),
    );
    renderPayment('/payment?paymentId=p1&status=paid&order=41&expires=1900000000&signature=abc123', 'en', {
      cart: { guestToken: 'guest-token-1234567890', revision: 0, pendingAdd: null },
    });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(asked[0]?.pathname).toMatch(/\/payments\/p1\/status$/);
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({
      order: '41',
      expires: '1900000000',
      signature: 'abc123',
      guest_token: 'guest-token-1234567890',
    });
  });

  it('a link without a signature, signed in: asks with the session alone', async () => {
    const asked: URL[] = [];
    server.use(
      http.get(apiUrl('payments/:id/status'), ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ order_id: 41, status: 'paid', payment_status: 'paid', payment_id: 'p1' });
      }),
    );
    renderPayment('/payment?paymentId=p1');
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(asked[0]?.search).toBe('');
  });

  it('a link saying paid for a payment the gateway has not confirmed shows pending, with retry', async () => {
    status({
      order_id: 41,
      status: 'pending',
      payment_status: 'pending',
      payment_id: 'p1',
      total_price: 12.5,
      currency: 'KWD',
    });
    renderPayment('/payment?paymentId=p1&status=paid');
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry payment' })).toHaveAttribute(
      'href',
      '/payment?order_id=41&invoice_value=12.5&currency_iso=KWD',
    );
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Payment failed', 'Retry payment'],
    ['ar', 'فشل الدفع', 'أعد محاولة الدفع'],
  ] as const)('failed (%s) offers a retry', async (language, title, retry) => {
    status({ order_id: 9, status: 'failed', payment_status: 'failed', payment_id: 'p2' });
    renderPayment('/payment?paymentId=p2', language);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: retry })).toHaveAttribute('href', '/payment?order_id=9');
  });

  it('paid after the stock was gone: the shopper is told about the refund', async () => {
    status({ order_id: 9, status: 'refund_due', payment_status: 'paid', payment_id: 'p3' });
    renderPayment('/payment?paymentId=p3');
    expect(await screen.findByRole('heading', { name: 'Items no longer available' })).toBeInTheDocument();
    expect(screen.getByText(/will be refunded/)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Order expired', /went back on sale/],
    ['ar', 'انتهت صلاحية الطلب', /عادت منتجاته إلى البيع/],
  ] as const)('(%s) an order that expired unpaid says so, without a retry', async (language, title, text) => {
    status({ order_id: 9, status: 'expired', payment_status: 'pending', payment_id: 'p4' });
    renderPayment('/payment?paymentId=p4', language);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Retry payment|أعد محاولة الدفع/ })).not.toBeInTheDocument();
  });

  it('an unknown payment and an unreachable server', async () => {
    status({ message: 'Payment not found' }, 404);
    const first = renderPayment('/payment?paymentId=nope');
    expect(await screen.findByText('We could not find this payment.')).toBeInTheDocument();
    first.unmount();
    status({ message: 'x' }, 500);
    renderPayment('/payment?paymentId=other', 'ar');
    expect(await screen.findByText('تعذر التحقق من عملية الدفع هذه.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تحقق مرة أخرى' })).toBeInTheDocument();
  });

  it('guests get no orders link', async () => {
    status({ order_id: 41, status: 'paid', payment_status: 'paid', payment_id: 'p1' });
    renderPayment('/payment?paymentId=p1', 'en', {});
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });
});
