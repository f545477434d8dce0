import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state for a menu: closes on Escape (focus back on its button) and on a click outside. Written here
 * instead of react-bootstrap's Dropdown/Navbar to keep Popper and transitions out of the first JavaScript.
 */
export function useDisclosure<
  T extends HTMLElement = HTMLElement,
  B extends HTMLElement = HTMLButtonElement,
>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<B>(null);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  return { open, close, toggle, containerRef, buttonRef };
}
