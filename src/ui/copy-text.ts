/**
 * Copies `text` to the clipboard (spec section 1). The Clipboard API needs a secure context and a
 * recent browser; without it a hidden, read-only text area is selected and copied with the older
 * execCommand. Resolves whether the text reached the clipboard.
 */
export async function copyText(text: string): Promise<boolean> {
  // Older browsers and insecure pages have no navigator.clipboard at all.
  const clipboard: Clipboard | undefined = (globalThis.navigator as Navigator | undefined)
    ?.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or an insecure page: try the fallback.
    }
  }
  return copyWithTextArea(text);
}

function copyWithTextArea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off-screen but rendered, so it can be selected; fixed so the page does not scroll.
  Object.assign(area.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  const previousFocus = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let isCopied = false;
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the fallback for browsers without the Clipboard API
    isCopied = document.execCommand('copy');
  } catch {
    isCopied = false;
  }
  area.remove();
  previousFocus?.focus();
  return isCopied;
}
