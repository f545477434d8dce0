// Markup rendered anew in place of the same markup (a server's part taken over late): a focus inside it stays at its
// place instead of falling back to the page's body, where a keyboard or a screen reader would start over.

/** The focused element's place among `container`'s elements, or null when the focus is elsewhere. */
export function focusPlaceIn(container: Element | null): number | null {
  const focused = document.activeElement;
  if (!container || !focused || !container.contains(focused) || focused === container) return null;
  return [...container.querySelectorAll('*')].indexOf(focused);
}

/** Focuses the element at `place` among `container`'s elements (the same markup, rendered anew). */
export function restoreFocusPlace(container: Element | null, place: number | null): void {
  if (!container || place === null || place < 0) return;
  const target = container.querySelectorAll('*')[place];
  if (target instanceof HTMLElement) target.focus();
}
