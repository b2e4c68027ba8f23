// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyField } from '../../../src/ui/copy-field';
import { openConfirmModal } from '../../../src/ui/modals/confirm';
import { DeferredModals } from '../../../src/ui/modals/deferred-modals';
import { renderWithMantine } from './form-test-utils';

describe('dialogs load after the first screen (src/ui/modals)', () => {
  it('mounts no provider until asked, and a confirmation asked first still opens', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const listensForModals = () =>
      listen.mock.calls.some(([type]) => type === 'mantine-modals:openConfirmModal');
    renderWithMantine(<DeferredModals />);
    expect(listensForModals()).toBe(false);
    const onConfirm = vi.fn();
    // Asked before the provider is there: the dialog opens once it has loaded.
    openConfirmModal({
      title: 'Delete user',
      children: 'Are you sure?',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      onConfirm,
    });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(listensForModals()).toBe(true);
    expect(dialog).toHaveTextContent('Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('CopyField', () => {
  it('says "Copied to clipboard" in a polite live region after a copy, without a tooltip', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithMantine(<CopyField label="Referral link" value="https://example.com/r/1" />);
    // A polite live region, not role="status": a page keeps its own status (the SSO screen's).
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Referral link' }));
    const bubble = await screen.findByText('Copied to clipboard');
    expect(bubble.closest('[aria-live="polite"]')).not.toBeNull();
    expect(writeText).toHaveBeenCalledWith('https://example.com/r/1');
    expect(screen.getByRole('button', { name: 'Referral link copied to clipboard' })).toBeVisible();
  });
});
