import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../domain/limits';

/** A flash message that hides by itself after 5 seconds (spec section 4). */
export function useFlash(): [string, (text: string) => void, () => void] {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setText('');
  }, []);
  const show = useCallback((next: string) => {
    clearTimeout(timer.current);
    setText(next);
    timer.current = setTimeout(() => {
      setText('');
    }, TOAST_DURATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [text, show, clear];
}
