import { i18n } from '../../i18n/i18n';
import type { Address } from './checkoutApi';
import {
  buildOrderPayload,
  checkCheckout,
  isCheckoutValid,
  payloadFingerprint,
  serverRefusal,
  type CheckoutInput,
} from './checkoutRules';

const home: Address = {
  id: 3,
  name: 'Sara',
  address: 'Block 5, Street 20, House 7',
  apartment_number: '12',
  city: 'Fahaheel',
  mobile_number: '55512345',
  code_number: '+965',
  country_code: 'KWT',
};

const base: CheckoutInput = {
  shipping: { governorateName: 'Ahmadi', areaName: 'Fahaheel', shippingPrice: 2, address: 'Near the mosque' },
  total: 27,
  currency: 'KWD',
  coupon: null,
  signedIn: false,
  userEmail: null,
  addresses: [],
  addressId: null,
  guestEmail: 'guest@example.com',
  guestPhoneCode: '+965',
  guestPhone: '55512345',
};
const signedIn: CheckoutInput = {
  ...base,
  signedIn: true,
  userEmail: 'sara@shop.com',
  addresses: [home],
  addressId: 3,
  guestEmail: '',
  guestPhone: '',
  coupon: { code: 'WELCOME10' },
};

describe('checking the checkout before sending', () => {
  it('a complete guest or signed-in checkout passes', () => {
    expect(isCheckoutValid(checkCheckout(base))).toBe(true);
    expect(isCheckoutValid(checkCheckout(signedIn))).toBe(true);
  });

  it('shipping area and detailed address are required for everyone', () => {
    const check = checkCheckout({
      ...signedIn,
      shipping: { governorateName: 'Ahmadi', areaName: null, shippingPrice: 0, address: '  ' },
    });
    expect(check.fields).toEqual({ shipping: 'select_shipping_area', address: 'enter_detailed_address' });
    expect(check.general).toBe('select_shipping_area');
  });

  it('guests: e-mail and phone required (fill all fields), a basic e-mail pattern, phone at least 8 digits', () => {
    expect(checkCheckout({ ...base, guestEmail: '', guestPhone: '' })).toEqual({
      fields: { email: 'email_required', phone: 'phone_required' },
      general: 'fill_all_fields',
    });
    expect(checkCheckout({ ...base, guestEmail: 'sara@shop', guestPhone: '5551234' }).fields).toEqual({
      email: 'invalid_email',
      phone: 'phone_too_short',
    });
  });

  it('signed in: an address must be picked, exist and have a long enough phone; the account e-mail must exist', () => {
    expect(checkCheckout({ ...signedIn, addressId: null }).fields).toEqual({
      savedAddress: 'select_address',
    });
    expect(checkCheckout({ ...signedIn, addressId: 99 }).fields).toEqual({
      savedAddress: 'address_not_found',
    });
    expect(checkCheckout({ ...signedIn, addresses: [{ ...home, mobile_number: '' }] }).fields).toEqual({
      savedAddress: 'address_phone_missing',
    });
    expect(checkCheckout({ ...signedIn, addresses: [{ ...home, mobile_number: '1234' }] }).fields).toEqual({
      savedAddress: 'phone_too_short',
    });
    expect(checkCheckout({ ...signedIn, userEmail: null })).toEqual({
      fields: {},
      general: 'user_email_missing',
    });
  });
});

describe('the order creation payload', () => {
  it('guest: the spec fields with the guest contact and +965 by default', () => {
    expect(buildOrderPayload({ ...base, guestPhoneCode: '' })).toEqual({
      governorate_name: 'Ahmadi',
      area_name: 'Fahaheel',
      address: 'Near the mosque',
      payment_method: 'online',
      shipping_cost: 2,
      total_price: 27,
      shown_total: 27,
      guest_phone: '55512345',
      guest_email: 'guest@example.com',
      guest_country_code: '+965',
      currency: 'KWD',
    });
  });

  it('signed in: the picked address, its phone and code, the account e-mail and the coupon', () => {
    expect(buildOrderPayload(signedIn)).toEqual({
      governorate_name: 'Ahmadi',
      area_name: 'Fahaheel',
      address: 'Near the mosque, Block 5, Street 20, House 7, 12, Fahaheel, Sara',
      payment_method: 'online',
      shipping_cost: 2,
      total_price: 27,
      shown_total: 27,
      guest_phone: '55512345',
      guest_email: 'sara@shop.com',
      guest_country_code: '+965',
      coupon_code: 'WELCOME10',
      currency: 'KWD',
    });
    // Guests never send a coupon.
    expect(buildOrderPayload({ ...base, coupon: { code: 'WELCOME10' } })).not.toHaveProperty('coupon_code');
  });

  it('the same content is the same intent', () => {
    expect(payloadFingerprint(buildOrderPayload(base))).toBe(
      payloadFingerprint(buildOrderPayload({ ...base })),
    );
    expect(payloadFingerprint(buildOrderPayload(base))).not.toBe(
      payloadFingerprint(buildOrderPayload({ ...base, guestPhone: '55512346' })),
    );
  });
});

describe("the server's 422", () => {
  const refusal = {
    status: 422,
    data: {
      message: 'Governorate name is required (and 3 more errors)',
      errors: {
        governorate_name: ['Governorate name is required'],
        address: ['Address is required'],
        guest_phone: ['Phone number must be at least 8 digits'],
        cart: ['Rose perfume is out of stock.'],
      },
    },
  };

  it.each([
    ['en', 'Governorate name is required', 'Address is required'],
    ['ar', 'اسم المحافظة مطلوب', 'العنوان مطلوب'],
  ] as const)(
    "field messages next to their fields, every message joined, in the shopper's language (%s)",
    async (language, governorate, address) => {
      await i18n.changeLanguage(language);
      const result = serverRefusal(refusal, false, i18n.t);
      const phone = i18n.t('checkout.errors.phone_too_short');
      expect(result.fields).toEqual({ shipping: governorate, address, phone });
      expect(result.joined).toEqual([
        governorate,
        address,
        phone,
        i18n.t('checkout.errors.out_of_stock', { name: 'Rose perfume' }),
      ]);
      if (language === 'ar') expect(result.joined.join(' ')).not.toMatch(/is out of stock|must be/);
      await i18n.changeLanguage('en');
    },
  );

  it('signed in, phone problems belong to the address; without errors the message is shown', () => {
    expect(serverRefusal(refusal, true, i18n.t).fields.savedAddress).toBe(
      i18n.t('checkout.errors.phone_too_short'),
    );
    expect(serverRefusal({ status: 422, data: { message: 'Your cart is empty.' } }, true, i18n.t)).toEqual({
      fields: {},
      joined: ['Your cart is empty.'],
    });
  });

  it.each(['en', 'ar'] as const)(
    "the stock, coupon and delivery refusals are said in the shopper's language (%s)",
    async (language) => {
      await i18n.changeLanguage(language);
      const said = (field: string, message: string) =>
        serverRefusal({ status: 422, data: { message, errors: { [field]: [message] } } }, true, i18n.t)
          .joined;
      expect(said('cart', 'Only 2 of Thermos left in stock.')).toEqual([
        i18n.t('checkout.errors.only_left', { name: 'Thermos', count: 2 }),
      ]);
      expect(said('coupon_code', 'Invalid coupon')).toEqual([i18n.t('checkout.errors.coupon_invalid')]);
      expect(said('coupon_code', 'This coupon needs a subtotal of at least 20 KWD.')).toEqual([
        i18n.t('checkout.errors.coupon_minimum', { amount: '20 KWD' }),
      ]);
      expect(said('area_name', 'We do not deliver to this area')).toEqual([
        i18n.t('checkout.errors.area_not_delivered'),
      ]);
      expect(said('cart', 'No item of your cart is available any more.')).toEqual([
        i18n.t('checkout.errors.nothing_available'),
      ]);
      if (language === 'ar')
        expect(
          [
            i18n.t('checkout.errors.only_left', { name: 'x', count: 2 }),
            i18n.t('checkout.errors.coupon_invalid'),
          ].join(' '),
        ).toMatch(/[\u0600-\u06FF]/);
      await i18n.changeLanguage('en');
    },
  );

  it.each(['en', 'ar'] as const)('a coupon past its limits is said in words (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const usedUp = (message: string) =>
      serverRefusal({ status: 422, data: { message, errors: { coupon_code: [message] } } }, true, i18n.t)
        .joined;
    expect(usedUp('This coupon has been used up.')).toEqual([i18n.t('checkout.errors.coupon_used_up')]);
    expect(usedUp('You have already used this coupon as many times as it allows.')).toEqual([
      i18n.t('checkout.errors.coupon_used_up_by_you'),
    ]);
    expect(i18n.t('checkout.errors.coupon_used_up')).not.toMatch(/^checkout\./);
    await i18n.changeLanguage('en');
  });

  it('every required message of the catalogue is translated', async () => {
    const all = {
      governorate_name: ['Governorate name is required'],
      area_name: ['Area name is required'],
      address: ['Address is required'],
      payment_method: ['Payment method is required'],
      shipping_cost: ['Shipping cost is required'],
      total_price: ['Total price is required'],
      guest_email: ['Email is required'],
      guest_phone: ['Phone number is required'],
      guest_country_code: ['Country code is required'],
    };
    await i18n.changeLanguage('ar');
    expect(serverRefusal({ status: 422, data: { errors: all } }, false, i18n.t).joined).toEqual([
      'اسم المحافظة مطلوب',
      'اسم المنطقة مطلوب',
      'العنوان مطلوب',
      'طريقة الدفع مطلوبة',
      'تكلفة الشحن مطلوبة',
      'السعر الإجمالي مطلوب',
      'البريد الإلكتروني مطلوب',
      'رقم الهاتف مطلوب',
      'رمز الدولة مطلوب',
    ]);
    await i18n.changeLanguage('en');
    expect(serverRefusal({ status: 422, data: { errors: all } }, false, i18n.t).joined).toEqual(
      Object.values(all).flat(),
    );
  });
});
