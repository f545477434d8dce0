import { basicColourOf, BASIC_COLOURS, SWATCH_HEX } from './colours';

describe('colour names to ten basic colours', () => {
  it('has ten basic colours, each with a swatch', () => {
    expect(BASIC_COLOURS).toHaveLength(10);
    for (const colour of BASIC_COLOURS) expect(SWATCH_HEX[colour]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each([
    ['Black', 'black'],
    ['Navy', 'blue'],
    ['Beige', 'brown'],
    ['Silver', 'grey'],
    ['Gold', 'yellow'],
    ['Burgundy', 'red'],
    ['Olive', 'green'],
    ['Dark Navy', 'blue'],
    ['أسود', 'black'],
    ['أبيض', 'white'],
    ['كحلي', 'blue'],
    ['عنابي', 'red'],
    ['وردي', 'pink'],
    ['ذهبيّة', 'yellow'],
    ['أزرق فاتح', 'blue'],
  ])('%s → %s', (name, colour) => {
    expect(basicColourOf(name)).toBe(colour);
  });

  it('returns null for a name that is no colour', () => {
    expect(basicColourOf('Royal edition')).toBeNull();
  });
});
