import './forms.css';

import {
  forwardRef,
  useImperativeHandle,
  useRef,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';

import { digitsOnly } from '../lib/digits';

export interface CodeBoxesHandle {
  focusFirst(): void;
}

export const emptyCode = (length = 6): string[] => Array.from({ length }, () => '');

interface Props {
  /** One string per box, '' or a single ASCII digit. */
  value: string[];
  onChange(value: string[]): void;
  /** Names the group for assistive technology (e.g. 'Verification code'). */
  label: string;
  idPrefix: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Six one-digit boxes: typing advances, Backspace goes back, a pasted or auto-filled code fills every
 * box, and Arabic-Indic digits count as digits. Always left to right: a code reads the same in Arabic.
 */
// forwardRef: React 18 (kept for a smaller first bundle) does not pass `ref` as a prop.
export const CodeBoxes = forwardRef<CodeBoxesHandle, Props>(function CodeBoxes(
  { value, onChange, label, idPrefix, invalid, describedBy, disabled, autoFocus }: Props,
  ref,
) {
  const { t } = useTranslation();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  useImperativeHandle(ref, () => ({ focusFirst: () => focusBox(0) }));

  /** Writes `digits` into the boxes from `start` on and moves to the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const chars = digits.slice(0, length - start).split('');
    chars.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + chars.length);
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const previous = value[index] ?? '';
    let typed = digitsOnly(event.target.value);
    if (typed === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    // Typing over a filled box gives two characters: keep the new one, wherever the caret was.
    if (previous && typed.length === 2 && typed.includes(previous)) {
      typed = typed[0] === previous ? typed.slice(1) : typed.slice(0, 1);
    }
    fill(index, typed);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOnly(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    // A whole code lands in all boxes wherever it is pasted; a part continues from the box it is pasted in.
    fill(digits.length >= length ? 0 : index, digits);
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      // One mark for the whole code: after a wrong code the boxes are empty, and six red boxes say nothing more.
      aria-invalid={invalid || undefined}
      className={`code-boxes${invalid ? ' code-boxes--invalid' : ''}`}
      dir="ltr"
      data-testid={`${idPrefix}-boxes`}
    >
      {value.map((digit, index) => (
        <input
          key={index}
          id={`${idPrefix}-${index}`}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="form-control"
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('common.forms.code_digit_label', { position: index + 1, count: length })}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onChange={handleChange(index)}
          onKeyDown={handleKeyDown(index)}
          onPaste={handlePaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
});
