import { Input } from '@mantine/core';
import { useEffect, useRef } from 'react';
import 'altcha';
import type {} from 'altcha/types/react';
import { messages } from '../../../domain/messages';
import { API_BASE } from '../../../lib/http/api-base';

// The spec's captcha texts replace the widget's own English ones.
const english = globalThis.$altcha.i18n.get('en');
globalThis.$altcha.i18n.set('en', {
  ...english,
  label: messages['captcha.robot'],
  error: messages['captcha.failed'],
  verificationRequired: messages['captcha.verify'],
});

interface StateChange {
  state: string;
  payload?: string;
}

/**
 * The self-hosted ALTCHA proof-of-work captcha: the browser solves the server's signed challenge
 * in a worker and the payload goes with the form; the server checks and spends it. `onChange`
 * gets the payload once solved and '' when it expires or fails. Changing `resetKey` starts over
 * (a used payload is refused, so the form asks for a new one after a failed submit).
 */
export function CaptchaField({
  onChange,
  error,
  resetKey,
}: {
  onChange: (payload: string) => void;
  error?: string | null;
  resetKey?: number;
}) {
  const widget = useRef<HTMLElement & { reset?: () => void }>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listen = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      latest.current(state === 'verified' ? (payload ?? '') : '');
    };
    element.addEventListener('statechange', listen);
    return () => element.removeEventListener('statechange', listen);
  }, []);

  useEffect(() => {
    if (resetKey) {
      widget.current?.reset?.();
      latest.current('');
    }
  }, [resetKey]);

  return (
    <Input.Wrapper error={error} id="captcha">
      <altcha-widget
        ref={widget}
        challenge={`${API_BASE}/captcha/challenge`}
        configuration={JSON.stringify({ hideLogo: false, hideFooter: true })}
        name="altcha"
      />
    </Input.Wrapper>
  );
}
