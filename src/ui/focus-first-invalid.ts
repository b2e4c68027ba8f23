/**
 * After a refused submit, brings the first invalid field into view and focuses it. On a phone the
 * field that failed is often off-screen, and nothing seemed to happen (issue 23). Mantine marks an
 * input with an error `aria-invalid`; the errors render on the next frame, so this waits for it.
 */
export function focusFirstInvalid(root: Element | null | undefined): void {
  if (!root) return;
  requestAnimationFrame(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  });
}

/** The form element behind a submit event (React clears `currentTarget` once the handler ends). */
export const formOf = (event: { currentTarget: EventTarget | null } | undefined) =>
  event?.currentTarget instanceof Element ? event.currentTarget : null;
