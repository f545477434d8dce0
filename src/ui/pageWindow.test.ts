import { pageWindow } from './pageWindow';

describe('pagination window', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows pages within 2 of the current plus first and last, with ellipses', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
  });

  it('has no ellipsis when the window touches the first or last page', () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageWindow(8, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(-3, 7)).toEqual([1, 2, 3, 'ellipsis-end', 7]);
  });
});
