import type { TFunction } from 'i18next';

import { rememberingTranslator } from './rememberingTranslator';

const TEXTS: Record<string, string> = {
  'catalog.ui.add_to_cart': 'Add to cart: {{name}}',
  'catalog.ui.out_of_stock': 'Out of stock',
};

function fakeT() {
  return jest.fn((key: string, options?: Record<string, unknown>) => {
    const text = TEXTS[key];
    if (text === undefined) return key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
  });
}

const asT = (fn: ReturnType<typeof fakeT>) => fn as unknown as TFunction;

describe('rememberingTranslator', () => {
  it('makes a text once and answers it again from what it kept', () => {
    const t = fakeT();
    const remembering = rememberingTranslator(asT(t));
    expect(remembering('catalog.ui.out_of_stock')).toBe('Out of stock');
    expect(remembering('catalog.ui.out_of_stock')).toBe('Out of stock');
    expect(remembering('catalog.ui.add_to_cart', { name: 'Royal Oud' })).toBe('Add to cart: Royal Oud');
    expect(remembering('catalog.ui.add_to_cart', { name: 'Royal Oud' })).toBe('Add to cart: Royal Oud');
    expect(t).toHaveBeenCalledTimes(2);
  });

  it('keeps texts of other values apart', () => {
    const t = fakeT();
    const remembering = rememberingTranslator(asT(t));
    expect(remembering('catalog.ui.add_to_cart', { name: 'Royal Oud' })).toBe('Add to cart: Royal Oud');
    expect(remembering('catalog.ui.add_to_cart', { name: 'Musk' })).toBe('Add to cart: Musk');
    expect(t).toHaveBeenCalledTimes(2);
  });

  it("never keeps a missing key's fallback: a namespace loaded later is read", () => {
    const t = fakeT();
    const remembering = rememberingTranslator(asT(t));
    expect(remembering('catalog.product.later')).toBe('catalog.product.later');
    TEXTS['catalog.product.later'] = 'Loaded';
    expect(remembering('catalog.product.later')).toBe('Loaded');
    expect(t).toHaveBeenCalledTimes(2);
  });

  it('never keeps an answer given with a default: it may stand for a text not loaded yet', () => {
    const t = fakeT();
    const remembering = rememberingTranslator(asT(t));
    remembering('catalog.ui.out_of_stock', { defaultValue: 'Sold out' });
    remembering('catalog.ui.out_of_stock', { defaultValue: 'Sold out' });
    expect(t).toHaveBeenCalledTimes(2);
  });

  it('passes calls with other than plain values straight through, each time', () => {
    const t = fakeT();
    const remembering = rememberingTranslator(asT(t));
    const options = { name: { first: 'Royal' } };
    remembering('catalog.ui.add_to_cart', options);
    remembering('catalog.ui.add_to_cart', options);
    expect(t).toHaveBeenCalledTimes(2);
  });
});
