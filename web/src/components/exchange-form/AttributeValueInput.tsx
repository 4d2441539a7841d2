import { fromDateint, toDateint, type AttributeKind } from '@credence/shared';
import type { Ref } from 'react';

interface AttributeValueInputProps {
  id: string;
  /** The value as it is sent: a date as YYYYMMDD. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  kind: AttributeKind;
  invalid: boolean;
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
}

/**
 * One attribute's value, entered as its kind asks: a date with the browser's date picker (sent as
 * YYYYMMDD, RFC 0592, without the clerk ever typing it), a number with a number keypad, an e-mail
 * address as one. The value held is always the one sent.
 */
export function AttributeValueInput({ id, value, onChange, onBlur, kind, invalid, describedBy, inputRef, autoComplete = 'off' }: AttributeValueInputProps) {
  const common = {
    id,
    ref: inputRef,
    onBlur,
    autoComplete,
    'aria-required': true,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  } as const;
  if (kind === 'date')
    return (
      <input
        {...common}
        type="date"
        className="date-input"
        // A value that is no day (typed in Advanced) shows empty here, and the form says so.
        value={fromDateint(value) ?? ''}
        onChange={(e) => onChange(toDateint(e.target.value) ?? '')}
      />
    );
  return (
    <input
      {...common}
      type={kind === 'email' ? 'email' : 'text'}
      inputMode={kind === 'number' ? 'decimal' : kind === 'email' ? 'email' : undefined}
      spellCheck={kind === 'text' ? undefined : false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
