import {
  addToCartRefusal,
  attributeKind,
  attributeOptions,
  displayPrices,
  isOutOfStock,
  ratingSummary,
  stockText,
} from './productRules';
import { makeProduct } from './testing/fixtures';

const sized = makeProduct({
  attributes: [
    { attribute_name: 'المقاس', sub_attributes: [{ id: 1, name: 'M' }] },
    { attribute_name: 'اللون', sub_attributes: [{ id: 2, name: 'أسود' }] },
  ],
});

describe('prices', () => {
  it('uses the discounted price with the original beside it', () => {
    expect(displayPrices(makeProduct({ price: 45, discounted_price: 36 }))).toEqual({
      amount: 36,
      original: 45,
      currency: 'KWD',
    });
  });

  it('uses the original price when there is no discount', () => {
    expect(displayPrices(makeProduct({ price: 45, discounted_price: null }))).toEqual({
      amount: 45,
      original: null,
      currency: 'KWD',
    });
  });

  it('prefers converted prices and their currency', () => {
    const product = makeProduct({
      price: 45,
      discounted_price: 36,
      converted_products: { currency_code: 'SAR', price: 550, discounted_price: 440 },
    });
    expect(displayPrices(product)).toEqual({ amount: 440, original: 550, currency: 'SAR' });
  });
});

describe('stock', () => {
  it('is out of stock at 0 or less, or when the warning says so', () => {
    expect(isOutOfStock({ stock_quantity: 0, stock_warning: null })).toBe(true);
    expect(isOutOfStock({ stock_quantity: -2, stock_warning: null })).toBe(true);
    expect(
      isOutOfStock({ stock_quantity: 3, stock_warning: { warning_en: 'Out of stock', warning_ar: '' } }),
    ).toBe(true);
    expect(
      isOutOfStock({ stock_quantity: 3, stock_warning: { warning_en: '', warning_ar: 'نفدت الكمية' } }),
    ).toBe(true);
    expect(
      isOutOfStock({
        stock_quantity: 3,
        stock_warning: { warning_en: 'Only 3 left', warning_ar: 'متبقي 3 قطع' },
      }),
    ).toBe(false);
  });

  it('above 5 shows available N pieces', () => {
    expect(stockText({ stock_quantity: 6, stock_warning: null }, 'en')).toEqual({
      kind: 'available',
      count: 6,
    });
  });

  it('5 or below shows the warning in the current language', () => {
    const warning = { warning_en: 'Only 5 left in stock', warning_ar: 'متبقي 5 قطع فقط' };
    expect(stockText({ stock_quantity: 5, stock_warning: warning }, 'en')).toEqual({
      kind: 'warning',
      text: 'Only 5 left in stock',
    });
    expect(stockText({ stock_quantity: 5, stock_warning: warning }, 'ar')).toEqual({
      kind: 'warning',
      text: 'متبقي 5 قطع فقط',
    });
  });

  it('a negative quantity without a warning shows no available quantity', () => {
    expect(stockText({ stock_quantity: -1, stock_warning: null }, 'en')).toEqual({ kind: 'none' });
  });
});

describe('attributes', () => {
  it('recognises English and Arabic attribute names', () => {
    expect(attributeKind('size')).toBe('size');
    expect(attributeKind('المقاس')).toBe('size');
    expect(attributeKind('Color')).toBe('color');
    expect(attributeKind('اللون')).toBe('color');
    expect(attributeKind('material')).toBeNull();
    expect(attributeOptions(sized, 'color')).toEqual(['أسود']);
  });
});

describe('add-to-cart refusals (docs/spec/02-shopping.md §5)', () => {
  it('refuses an out-of-stock product first', () => {
    expect(addToCartRefusal({ ...sized, stock_quantity: 0 }, { size: null, color: null }, '')).toBe(
      'out_of_stock',
    );
  });

  it('refuses without a country/currency', () => {
    expect(addToCartRefusal(sized, { size: 'M', color: 'أسود' }, '')).toBe('choose_country');
    expect(addToCartRefusal(sized, { size: 'M', color: 'أسود' }, null)).toBe('choose_country');
  });

  it('refuses when a size or colour is missing', () => {
    expect(addToCartRefusal(sized, { size: null, color: 'أسود' }, 'KWD')).toBe('select_details');
    expect(addToCartRefusal(sized, { size: 'M', color: null }, 'KWD')).toBe('select_details');
  });

  it('accepts a complete selection, and products without attributes', () => {
    expect(addToCartRefusal(sized, { size: 'M', color: 'أسود' }, 'KWD')).toBeNull();
    expect(addToCartRefusal(makeProduct(), { size: null, color: null }, 'KWD')).toBeNull();
  });
});

describe('rating summary', () => {
  it("shows the product's own rating, whatever part of the reviews is at hand, and counts each star", () => {
    const summary = ratingSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }], 2);
    expect(summary).toEqual({ average: 2, count: 3, bars: [0, 0, 0, 2, 1] });
  });

  it('rounds the rating to one decimal', () => {
    expect(ratingSummary([], 3.76)).toEqual({ average: 3.8, count: 0, bars: [0, 0, 0, 0, 0] });
  });
});
