// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RecoveryCodes,
  recoveryCodesText,
} from '../../../src/features/two-factor/components/recovery-codes';
import { renderWithMantine } from '../ui/form-test-utils';

const codes = ['aaaa-1111', 'bbbb-2222', 'cccc-3333'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Recovery codes: download and print', () => {
  it('downloads the codes as a .txt file, one code a line, saying what they are for', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ name: this.download, href: this.href });
    });
    renderWithMantine(<RecoveryCodes codes={codes} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(clicked).toEqual([{ name: 'remotepc-recovery-codes.txt', href: 'blob:codes' }]);
    expect(saved?.type).toBe('text/plain;charset=utf-8');
    const text = await saved?.text();
    expect(text).toBe(recoveryCodesText('RemotePC', codes));
    expect(text?.split('\n')).toEqual([
      'RemotePC two-factor recovery codes',
      'Each code signs you in once if you lose access to your second factor.',
      'Generating new codes replaces these.',
      '',
      ...codes,
      '',
    ]);
  });

  it('prints the codes sheet alone', () => {
    const printed: boolean[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.body.classList.contains('print-recovery-codes'));
    });
    const view = renderWithMantine(<RecoveryCodes codes={codes} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toEqual([true]);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('print-recovery-codes')).toBe(false);
    view.unmount();
  });
});
