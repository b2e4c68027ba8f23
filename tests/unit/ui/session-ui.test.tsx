// @vitest-environment jsdom
import { Button, MantineProvider, Modal, TextInput } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../src/app/theme';
import { copyText } from '../../../src/ui/copy-text';
import { GenericErrorScreen } from '../../../src/ui/error-generic';
import { showErrorToast, showSuccessToast } from '../../../src/ui/toast-show';
import { FollowTooltip } from '../../../src/ui/tooltip-follow';
import { renderWithMantine } from './form-test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('toasts (spec section 1)', () => {
  it('hide by themselves after 5 seconds', () => {
    const show = vi.spyOn(notifications, 'show');
    showSuccessToast('Saved');
    showErrorToast('Failed');
    expect(show).toHaveBeenCalledTimes(2);
    for (const [data] of show.mock.calls) expect(data.autoClose).toBe(5000);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ color: 'teal', role: 'status' });
    expect(show.mock.calls[1]?.[0]).toMatchObject({ color: 'red', role: 'alert' });
  });

  it('close on a click anywhere on them', async () => {
    renderWithMantine(<Notifications />);
    showSuccessToast('User added successfully');
    const toast = await screen.findByText('User added successfully');
    fireEvent.click(toast);
    await waitFor(() => {
      expect(screen.queryByText('User added successfully')).not.toBeInTheDocument();
    });
  });
});

describe('toasts features show directly', () => {
  it('close on a click through the theme', async () => {
    render(
      <MantineProvider theme={theme}>
        <Notifications />
      </MantineProvider>,
    );
    notifications.show({ message: 'Invitation sent', autoClose: 5000 });
    const toast = await screen.findByText('Invitation sent');
    fireEvent.click(toast);
    await waitFor(() => {
      expect(screen.queryByText('Invitation sent')).not.toBeInTheDocument();
    });
  });
});

describe('modal dialogs close on Escape and keep focus inside (Mantine defaults)', () => {
  function Dialog({ onClose }: { onClose: () => void }) {
    const [isOpen, setIsOpen] = useState(true);
    return (
      <>
        <Button>Outside</Button>
        <Modal
          opened={isOpen}
          onClose={() => {
            setIsOpen(false);
            onClose();
          }}
          title="Confirm"
          transitionProps={{ duration: 0 }}
        >
          <TextInput label="Password" />
          <Button>View</Button>
        </Modal>
      </>
    );
  }

  it('Escape closes the dialog', async () => {
    const onClose = vi.fn();
    renderWithMantine(<Dialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('focus starts inside the dialog and Tab stays inside', async () => {
    renderWithMantine(<Dialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => {
      expect(dialog.contains(document.activeElement)).toBe(true);
    });
    const view = screen.getByRole('button', { name: 'View' });
    view.focus();
    // Tab on the last control wraps to the first one inside the dialog, never to "Outside".
    fireEvent.keyDown(view, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(view);
  });
});

/** jsdom has no Clipboard API; each test decides whether there is one. */
function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}

describe('copy to clipboard', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    await expect(copyText('https://example.com/ref/1')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://example.com/ref/1');
  });

  it('falls back to a selected text area when the Clipboard API is missing', async () => {
    setClipboard(undefined);
    let selected = '';
    const execCommand = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      selected = area ? area.value.slice(area.selectionStart, area.selectionEnd) : '';
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await expect(copyText('ABC-123')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('ABC-123');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when neither way works', async () => {
    setClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(copyText('x')).resolves.toBe(false);
  });
});

describe('generic error screen and tooltips', () => {
  it('shows "Something went wrong" / "Try again after some time"', () => {
    const onRetry = vi.fn();
    renderWithMantine(<GenericErrorScreen onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Try again after some time')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('the tooltip appears at the pointer and follows it', async () => {
    renderWithMantine(
      <FollowTooltip label="Computers allotted to this user">
        <span>12</span>
      </FollowTooltip>,
    );
    const target = screen.getByText('12');
    fireEvent.mouseEnter(target, { clientX: 10, clientY: 10 });
    fireEvent.mouseMove(target, { clientX: 40, clientY: 20 });
    expect(await screen.findByText('Computers allotted to this user')).toBeInTheDocument();
  });
});
