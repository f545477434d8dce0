import { directionalStyle } from './rtlStyle';

describe('directionalStyle (rtl-css-js)', () => {
  it('keeps styles as they are left to right', () => {
    const style = { left: 10, paddingRight: 4 };
    expect(directionalStyle(style, 'ltr')).toBe(style);
  });

  it('mirrors physical sides, transforms and text alignment right to left', () => {
    expect(
      directionalStyle(
        { left: 10, paddingRight: 4, textAlign: 'left', transform: 'translateX(20px)' },
        'rtl',
      ),
    ).toEqual({
      right: 10,
      paddingLeft: 4,
      textAlign: 'right',
      transform: 'translateX(-20px)',
    });
  });
});
