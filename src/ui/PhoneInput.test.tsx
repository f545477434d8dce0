import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { PhoneInput } from './PhoneInput';

/** A form around the picker as the shop's forms write it: a new handler on every render. */
function Harness({ onCode }: { onCode(code: string, renderNumber: number): void }) {
  const [phoneCode, setPhoneCode] = useState('+965');
  const [phoneNumber, setPhoneNumber] = useState('');
  const renderNumber = phoneNumber.length;
  return (
    <PhoneInput
      idPrefix="t"
      label="Phone number"
      codeLabel="Country calling code"
      phoneCode={phoneCode}
      phoneNumber={phoneNumber}
      onPhoneCodeChange={(code) => {
        setPhoneCode(code);
        onCode(code, renderNumber);
      }}
      onPhoneNumberChange={setPhoneNumber}
      language="en"
    />
  );
}

const codePicker = () => screen.getByLabelText('Country calling code') as HTMLSelectElement;
const numberField = () => screen.getByRole('textbox', { name: 'Phone number' });

describe('PhoneInput', () => {
  it('lists every calling code and strips what is typed to digits', () => {
    render(<Harness onCode={() => undefined} />);
    expect(codePicker().options.length).toBeGreaterThan(200);
    expect(codePicker()).toHaveValue('kw');
    fireEvent.change(numberField(), { target: { value: '+٩٦٥ 5551-2345' } });
    expect(numberField()).toHaveValue('96555512345');
  });

  it('a keystroke in the number leaves the list of calling codes alone', () => {
    render(<Harness onCode={() => undefined} />);
    // React walks a select's options whenever it updates the select; with ~240 options on a phone, per keystroke.
    const optionsGetter = jest.spyOn(HTMLSelectElement.prototype, 'options', 'get');
    try {
      fireEvent.change(numberField(), { target: { value: '5' } });
      fireEvent.change(numberField(), { target: { value: '55' } });
      expect(numberField()).toHaveValue('55');
      expect(optionsGetter).not.toHaveBeenCalled();
    } finally {
      optionsGetter.mockRestore();
    }
  });

  it('a code picked after other renders reaches the form through its latest handler', () => {
    const onCode = jest.fn();
    render(<Harness onCode={onCode} />);
    fireEvent.change(numberField(), { target: { value: '555' } });
    fireEvent.change(codePicker(), { target: { value: 'sa' } });
    expect(onCode).toHaveBeenCalledWith('+966', 3);
    expect(codePicker()).toHaveValue('sa');
  });
});
