import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { CodeBoxes, emptyCode } from './CodeBoxes';

function Harness({ onValue }: { onValue?: (value: string[]) => void }) {
  const [value, setValue] = useState(emptyCode());
  return (
    <CodeBoxes
      idPrefix="t"
      label="Verification code"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () => boxes().map((box) => box.value);

describe('CodeBoxes', () => {
  it('is a labelled group of six one-digit boxes, left to right', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAttribute('dir', 'ltr');
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves to the next box after each digit and ignores anything else', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('1a2');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(boxes()[2]).toHaveFocus();
  });

  it('takes Arabic-Indic digits as digits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('٤٥۶');
    expect(values()).toEqual(['4', '5', '6', '', '', '']);
  });

  it('Backspace in an empty box clears the one before and moves back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(boxes()[1]).toHaveFocus();
  });

  it('typing over a filled box replaces its digit', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('12');
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('7');
    expect(values()).toEqual(['7', '2', '', '', '', '']);
  });

  it('pasting a whole code fills all six, wherever it is pasted', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[3] as HTMLInputElement);
    await user.paste('Your code: ١٢٣ 456');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(boxes()[5]).toHaveFocus();
  });

  it('a pasted part continues from the box it lands in', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[2] as HTMLInputElement);
    await user.paste('98');
    expect(values()).toEqual(['', '', '9', '8', '', '']);
  });

  it('an autofilled code (one-time-code) in the first box spreads over all six', () => {
    const seen: string[][] = [];
    render(<Harness onValue={(value) => seen.push(value)} />);
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: '654321' } });
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('an invalid code marks the group once, not each box', () => {
    render(
      <CodeBoxes
        idPrefix="t"
        label="Verification code"
        value={emptyCode()}
        onChange={() => undefined}
        invalid
      />,
    );
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveClass('code-boxes--invalid');
    for (const box of boxes()) {
      expect(box).not.toHaveAttribute('aria-invalid');
      expect(box).not.toHaveClass('is-invalid');
    }
  });

  it('a valid code carries no invalid mark', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).not.toHaveAttribute('aria-invalid');
  });
});
