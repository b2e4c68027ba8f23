/**
 * A text field for digit strings (card number, CVV, phone, OTP): spec section 5, "Numeric fields
 * accept digit keys only. A non-numeric paste is reverted after 1 second." The value stays a
 * string so leading zeros survive; Mantine's NumberInput would turn it into a number.
 * Works controlled (`value` + `onChange(value)`, as form.getInputProps gives) or uncontrolled.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { PASTE_REVERT_MS } from '../domain/limits';

export interface NumericInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type'
> {
  readonly value?: string;
  readonly defaultValue?: string;
  readonly onChange?: (value: string) => void;
}

const DIGITS_ONLY = /^\d*$/;

/** A printable key that is not a digit; shortcuts (Ctrl/Cmd+V, +C, +A ...) stay allowed. */
function isBlockedKey(event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.length === 1 && !/\d/.test(event.key);
}

export function NumericInput({
  value,
  defaultValue,
  onChange,
  onKeyDown,
  onPaste,
  ...others
}: NumericInputProps) {
  const [current, setCurrent] = useUncontrolled<string>({
    value,
    defaultValue,
    finalValue: '',
    onChange,
  });
  // The value before the paste that is being applied, read by the change event it causes.
  const pendingPaste = useRef<string | null>(null);
  const revertTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(revertTimer.current), []);

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...others}
      value={current}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (isBlockedKey(event)) event.preventDefault();
      }}
      onPaste={(event) => {
        onPaste?.(event);
        pendingPaste.current = current;
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const before = pendingPaste.current;
        pendingPaste.current = null;
        if (DIGITS_ONLY.test(next)) {
          clearTimeout(revertTimer.current);
          setCurrent(next);
          return;
        }
        // A non-digit that got past the key filter (IME, drag and drop) is simply not taken.
        if (before === null) return;
        // A non-numeric paste is shown, then put back after PASTE_REVERT_MS.
        setCurrent(next);
        clearTimeout(revertTimer.current);
        revertTimer.current = setTimeout(() => setCurrent(before), PASTE_REVERT_MS);
      }}
    />
  );
}
