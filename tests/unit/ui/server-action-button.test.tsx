// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ACTION_HINT } from '../../../src/lib/http/offline-guard';
import { Button, Menu } from '@mantine/core';
import {
  ServerActionButton,
  ServerActionCloseButton,
  ServerActionMenuItem,
} from '../../../src/ui/server-action-button';
import { renderWithMantine } from './form-test-utils';

/** Sets navigator.onLine and tells the page, as the browser does when the connection changes. */
function goOnline(isOnline: boolean): void {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

/**
 * The open tooltip. jsdom lays nothing out, so Floating UI may deem the button detached and hide
 * the tooltip with display: none; that it shows is left to the browser test (offline-actions).
 */
const tooltip = () => screen.findByRole('tooltip', { hidden: true });

afterEach(() => {
  // Back to jsdom's own getter (always online).
  delete (navigator as { onLine?: boolean }).onLine;
});

describe('ServerActionButton', () => {
  it('is a plain button online, turned off with the reason offline, and back on online', async () => {
    const onClick = vi.fn();
    renderWithMantine(<ServerActionButton onClick={onClick}>Save changes</ServerActionButton>);
    const button = () => screen.getByRole('button', { name: 'Save changes' });

    expect(button()).not.toHaveAttribute('aria-disabled');
    expect(button()).not.toHaveAccessibleDescription();
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);

    goOnline(false);
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    expect(button()).toHaveAttribute('data-disabled');
    // Screen readers get the reason as the button's description ...
    expect(button()).toHaveAttribute('aria-description', OFFLINE_ACTION_HINT);
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    // ... keyboard users as a tooltip on focus, linked as the description ...
    const user = userEvent.setup();
    await user.tab();
    expect(button()).toHaveFocus();
    expect(await tooltip()).toHaveTextContent(OFFLINE_ACTION_HINT);
    expect(button()).toHaveAccessibleDescription(OFFLINE_ACTION_HINT);
    await user.tab();
    await waitFor(() =>
      expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument(),
    );
    // ... and pointer users as a tooltip on hover: the button still gets pointer events.
    await user.hover(button());
    expect(await tooltip()).toHaveTextContent(OFFLINE_ACTION_HINT);

    goOnline(true);
    expect(button()).not.toHaveAttribute('aria-disabled');
    expect(button()).not.toHaveAttribute('aria-description');
    await waitFor(() => expect(screen.queryByText(OFFLINE_ACTION_HINT)).not.toBeInTheDocument());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('offline, a submit button does not submit its form', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithMantine(
      <form onSubmit={onSubmit}>
        <ServerActionButton type="submit">Add user</ServerActionButton>
      </form>,
    );
    goOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(onSubmit).not.toHaveBeenCalled();

    goOnline(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('ServerActionMenuItem', () => {
  it('offline, stays in the open menu, turned off with the reason, and works again online', async () => {
    const onDelete = vi.fn();
    renderWithMantine(
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <ServerActionMenuItem onClick={onDelete}>Delete</ServerActionMenuItem>
        </Menu.Dropdown>
      </Menu>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    // jsdom lays nothing out: Floating UI may keep the dropdown display: none (see tooltip()).
    const item = () => screen.getByRole('menuitem', { name: 'Delete', hidden: true });
    await screen.findByRole('menuitem', { name: 'Delete', hidden: true });

    goOnline(false);
    expect(item()).toHaveAttribute('aria-disabled', 'true');
    expect(item()).toHaveAttribute('aria-description', OFFLINE_ACTION_HINT);
    await user.click(item());
    expect(onDelete).not.toHaveBeenCalled();
    expect(item()).toBeInTheDocument(); // the menu did not close
    await user.hover(item());
    expect(await tooltip()).toHaveTextContent(OFFLINE_ACTION_HINT);

    goOnline(true);
    expect(item()).not.toHaveAttribute('aria-disabled');
    await user.click(item());
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('ServerActionCloseButton', () => {
  it('offline, does not remove and says why', () => {
    const onRemove = vi.fn();
    renderWithMantine(<ServerActionCloseButton aria-label="Remove ann" onClick={onRemove} />);
    const cross = () => screen.getByRole('button', { name: 'Remove ann' });
    goOnline(false);
    expect(cross()).toHaveAttribute('aria-disabled', 'true');
    expect(cross()).toHaveAttribute('aria-description', OFFLINE_ACTION_HINT);
    fireEvent.click(cross());
    expect(onRemove).not.toHaveBeenCalled();
    goOnline(true);
    fireEvent.click(cross());
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
