import { clampPrice, DEFAULT_FILTERS, MAX_PRICE } from './catalogSlice';
import {
  activeFilterCount,
  brandToggle,
  categoryCleared,
  categoryToggle,
  collectionToggle,
  maxPriceCleared,
  maxPriceSet,
  minRatingToggle,
  type FilterChange,
} from './filterChanges';

const after = (...changes: FilterChange[]) =>
  changes.reduce((filters, change) => change(filters), DEFAULT_FILTERS);

describe('what the filter controls change', () => {
  it('category is a single choice that toggles off when picked again', () => {
    expect(after(categoryToggle('Perfumes')).category).toBe('Perfumes');
    expect(after(categoryToggle('Perfumes'), categoryToggle('Abayas')).category).toBe('Abayas');
    expect(after(categoryToggle('Abayas'), categoryToggle('Abayas')).category).toBeNull();
    expect(after(categoryToggle('Abayas'), categoryCleared).category).toBeNull();
  });

  it('brands and collections toggle in lists', () => {
    const both = after(brandToggle('Nasma'), brandToggle('Dana'), collectionToggle('Classic'));
    expect(both).toMatchObject({ brands: ['Nasma', 'Dana'], collections: ['Classic'] });
    expect(brandToggle('Nasma')(collectionToggle('Classic')(both))).toMatchObject({
      brands: ['Dana'],
      collections: [],
    });
  });

  it('price snaps to the 10 step within 0…100000', () => {
    expect(clampPrice(1234)).toBe(1230);
    expect(clampPrice(1235)).toBe(1240);
    expect(clampPrice(-5)).toBe(0);
    expect(clampPrice(250_000)).toBe(100_000);
    expect(clampPrice(Number.NaN)).toBe(100_000);
    expect(after(maxPriceSet(499, 'KWD')).maxPrice).toBe(500);
  });

  it('a highest price is in the currency it was chosen in; at the top, or cleared, there is none', () => {
    expect(after(maxPriceSet(200, 'SAR'))).toMatchObject({ maxPrice: 200, priceCurrency: 'SAR' });
    expect(after(maxPriceSet(MAX_PRICE, 'SAR'))).toMatchObject({ maxPrice: MAX_PRICE, priceCurrency: null });
    expect(after(maxPriceSet(200, 'SAR'), maxPriceCleared)).toEqual(DEFAULT_FILTERS);
  });

  it('the same rating star again clears the minimum rating', () => {
    expect(after(minRatingToggle(4)).minRating).toBe(4);
    expect(after(minRatingToggle(4), minRatingToggle(3)).minRating).toBe(3);
    expect(after(minRatingToggle(3), minRatingToggle(3)).minRating).toBe(0);
  });

  it('leaves the filters it was given as they were', () => {
    const filters = { ...DEFAULT_FILTERS, brands: ['Nasma'] };
    brandToggle('Dana')(filters);
    expect(filters.brands).toEqual(['Nasma']);
  });

  it('counts the chosen filters for the filter bar', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(
      activeFilterCount(
        after(categoryToggle('Perfumes'), brandToggle('Nasma'), maxPriceSet(50, 'KWD'), minRatingToggle(4)),
      ),
    ).toBe(4);
    expect(activeFilterCount(after(maxPriceSet(MAX_PRICE, 'KWD')))).toBe(0);
  });
});
