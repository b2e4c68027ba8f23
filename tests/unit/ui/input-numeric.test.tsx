// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASTE_REVERT_MS } from '../../../src/domain/limits';
import { NumericInput } from '../../../src/ui/input-numeric';
import { advanceTimers, renderWithMantine } from './form-test-utils';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

function Controlled({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('12');
  return (
    <NumericInput
      label="Card number"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('NumericInput', () => {
  it.each([
    ['1a2b3', '123'],
    ['4111 1111', '41111111'],
    ['-+.,e', ''],
    ['007', '007'],
    ['9x', '9'],
  ])('typing %j keeps only the digits: %j', async (typed, expected) => {
    const user = setup();
    renderWithMantine(<NumericInput label="CVV" />);
    await user.type(screen.getByLabelText('CVV'), typed);
    expect(screen.getByLabelText('CVV')).toHaveValue(expected);
  });

  it('keeps keyboard shortcuts and editing keys working', async () => {
    const user = setup();
    renderWithMantine(<NumericInput label="CVV" defaultValue="123" />);
    const input = screen.getByLabelText('CVV');
    await user.type(input, '{Backspace}{ArrowLeft}9');
    expect(input).toHaveValue('192');
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(input).toHaveValue('');
  });

  it('accepts a numeric paste at once', async () => {
    const user = setup();
    renderWithMantine(<NumericInput label="Phone" />);
    const input = screen.getByLabelText('Phone');
    await user.click(input);
    await user.paste('5551234567');
    expect(input).toHaveValue('5551234567');
    advanceTimers(PASTE_REVERT_MS * 2);
    expect(input).toHaveValue('5551234567');
  });

  it('shows a non-numeric paste, then reverts it after 1 second', async () => {
    const user = setup();
    const onValue = vi.fn<(value: string) => void>();
    renderWithMantine(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText('Card number');
    await user.click(input);
    await user.paste('34-ab');
    expect(input).toHaveValue('1234-ab');
    advanceTimers(PASTE_REVERT_MS - 1);
    expect(input).toHaveValue('1234-ab');
    advanceTimers(1);
    expect(input).toHaveValue('12');
    // The form sees the revert too.
    expect(onValue).toHaveBeenLastCalledWith('12');
  });

  it('keeps a fix made within the second', async () => {
    const user = setup();
    renderWithMantine(<NumericInput label="OTP" />);
    const input = screen.getByLabelText('OTP');
    await user.click(input);
    await user.paste('12a');
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('12');
    advanceTimers(PASTE_REVERT_MS * 2);
    expect(input).toHaveValue('12');
  });
});
