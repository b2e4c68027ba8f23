/**
 * localStorage / sessionStorage that never throw: storage can be disabled (privacy modes, quota),
 * and a missing flag must read as "signed out" rather than crash the console.
 */
function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readLocal(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    local()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the session still works for this page view.
  }
}

export function removeLocal(key: string): void {
  try {
    local()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** Removes every sessionStorage entry whose key satisfies `predicate`. */
export function removeSessionWhere(predicate: (key: string) => boolean): void {
  const store = session();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key !== null && predicate(key),
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage disabled: nothing was stored.
  }
}
