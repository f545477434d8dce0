import './forms.css';

import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';

import { FlagImage } from './FlagImage';
import { FieldError } from './FieldError';

export interface NationalityOption {
  id: number;
  code: string;
  name: string;
}

interface Props {
  id: string;
  label: string;
  placeholder: string;
  options: NationalityOption[];
  value: number | null;
  onChange(id: number): void;
  onBlur?(): void;
  error?: string;
  disabled?: boolean;
}

/** A list of nationalities, each with its flag (a native select cannot show images). */
export function NationalityPicker({
  id,
  label,
  placeholder,
  options,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: Props) {
  const { t } = useTranslation();
  const selected = options.find((option) => option.id === value);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label id={labelId} htmlFor={id} className="form-label">
        {label}
      </label>
      <Dropdown
        onSelect={(key) => {
          if (key) onChange(Number(key));
        }}
        onToggle={(open) => {
          if (!open) onBlur?.();
        }}
      >
        <Dropdown.Toggle
          id={id}
          variant="outline-secondary"
          className={`w-100 d-flex align-items-center gap-2 text-start bg-body text-body${error ? ' border-danger' : ''}`}
          aria-labelledby={`${labelId} ${id}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        >
          {selected ? (
            <>
              <FlagImage code={selected.code} />
              <span className="flex-grow-1">{selected.name}</span>
            </>
          ) : (
            <span className="flex-grow-1 text-body-secondary">
              {options.length ? placeholder : t('common.forms.nationality_none')}
            </span>
          )}
        </Dropdown.Toggle>
        <Dropdown.Menu className="nationality-menu" popperConfig={{ strategy: 'fixed' }}>
          {options.map((option) => (
            <Dropdown.Item
              key={option.id}
              eventKey={String(option.id)}
              active={option.id === value}
              className="d-flex align-items-center gap-2"
              as="button"
              type="button"
            >
              <FlagImage code={option.code} />
              <span>{option.name}</span>
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <FieldError id={errorId} error={error} block />
    </div>
  );
}
