// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordConfirmForm } from '../../../src/ui/password-confirm-form';
import { renderWithMantine } from './form-test-utils';

/** The form as the cancel cards use it: an empty password gets an error, the rest is confirmed. */
function Harness({ onConfirm, onKeep }: { onConfirm: (p: string) => void; onKeep: () => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <PasswordConfirmForm
      label="Cancel account"
      isPending={false}
      error={error}
      onErrorClear={() => setError(null)}
      onConfirm={(password) => {
        if (!password) setError('Password is required');
        else onConfirm(password);
      }}
      onKeep={onKeep}
    >
      <p>Your tracking links stop working.</p>
    </PasswordConfirmForm>
  );
}

describe('PasswordConfirmForm', () => {
  it('confirms with the password typed, by the button or by Enter', async () => {
    const onConfirm = vi.fn();
    renderWithMantine(<Harness onConfirm={onConfirm} onKeep={vi.fn()} />);
    expect(screen.getByRole('form', { name: 'Cancel account' })).toHaveTextContent(
      'Your tracking links stop working.Enter your password to confirm. This cannot be undone.',
    );
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel account' }));
    await userEvent.type(screen.getByLabelText('Password'), '4{Enter}');
    expect(onConfirm.mock.calls).toEqual([['Secret@123'], ['Secret@1234']]);
  });

  it('shows the error of the caller until the password is edited', async () => {
    renderWithMantine(<Harness onConfirm={vi.fn()} onKeep={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('keeps the account', async () => {
    const onKeep = vi.fn();
    renderWithMantine(<Harness onConfirm={vi.fn()} onKeep={onKeep} />);
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(onKeep).toHaveBeenCalledTimes(1);
  });
});
