import {
  Alert,
  Button,
  Code,
  CloseButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { errorCodes } from '../../../domain/api/envelope';
import { lengths, TOAST_DURATION_MS } from '../../../domain/limits';
import { formatMessage } from '../../../domain/messages';
import { rules } from '../../../domain/rules';
import { isApiError } from '../../../lib/http/api-error';
import { useChangeApiKey } from '../api/change-api-key';
import { useViewApiKey } from '../api/view-api-key';
import { useFlash } from './use-flash';
import { ServerActionButton } from '../../../ui/server-action-button';

export type ApiKeyMode = 'view' | 'change';

const MIN = lengths.apiKeyPassword.min;

/**
 * The API key dialog of spec sections 4 and 8: password first (the confirm button waits for the
 * minimum length), then the key with "Protect this key like a password!", "Copy Key" and a close
 * icon. Change regenerates the key and flashes "Key generated successfully".
 */
export function ApiKeyDialog({ mode, onClose }: { mode: ApiKeyMode | null; onClose: () => void }) {
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      withCloseButton={false}
      centered
      size="lg"
      aria-labelledby="api-key-dialog-title"
      closeOnEscape
      trapFocus
    >
      {mode && <ApiKeyDialogBody key={mode} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

function ApiKeyDialogBody({ mode, onClose }: { mode: ApiKeyMode; onClose: () => void }) {
  const view = useViewApiKey();
  const change = useChangeApiKey();
  const mutation = mode === 'view' ? view : change;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [token, setToken] = useState('');
  const [flash, showFlash] = useFlash();
  const clipboard = useClipboard({ timeout: TOAST_DURATION_MS });
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const closeWithError = (message: string) => {
    onClose();
    notifications.show({ color: 'red', message, autoClose: TOAST_DURATION_MS });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const value = password.trim();
    const invalid = rules.apiKeyPassword(value);
    if (invalid) {
      setFieldError(invalid);
      inputRef.current?.focus();
      return;
    }
    setFieldError('');
    mutation.mutate(
      { password: value },
      {
        onSuccess: (key) => {
          if (!key) {
            closeWithError(formatMessage('oops.somthing.wrong'));
            return;
          }
          setToken(key);
          if (mode === 'change') showFlash(formatMessage('apikey.generated'));
        },
        onError: (error) => {
          if (!isApiError(error)) {
            closeWithError(formatMessage('oops.somthing.wrong'));
            return;
          }
          if (error.status === 403) {
            closeWithError(formatMessage('otp.action.denied'));
            return;
          }
          if (error.status === 401) {
            // The HTTP client has already run the session-expired handling (refresh or logout).
            onClose();
            return;
          }
          if (error.status === 400 && error.description === errorCodes.NOT_AUTHORIZED) {
            setFieldError(formatMessage('incorrect.pwd'));
            inputRef.current?.focus();
            return;
          }
          if (
            error.status === 400 &&
            error.description === errorCodes.VALIDATION_FAILED &&
            error.field === 'password'
          ) {
            setFieldError(error.message);
            inputRef.current?.focus();
            return;
          }
          if (error.status === 429) {
            setFieldError(error.message);
            return;
          }
          closeWithError(formatMessage('oops.somthing.wrong'));
        },
      },
    );
  };

  const title = mode === 'view' ? 'View API Key' : 'Change API Key';

  if (token) {
    return (
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="api-key-dialog-title">
            Reseller API Key
          </Title>
          <CloseButton aria-label="Close" onClick={onClose} />
        </Group>
        <div aria-live="polite">
          {flash && (
            <Alert color="teal" variant="light" role="status">
              {flash}
            </Alert>
          )}
        </div>
        <Code
          block
          data-testid="api-key-value"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {token}
        </Code>
        <Text size="sm" fw={600} c="orange.9">
          {formatMessage('apikey.protect')}
        </Text>
        <Group justify="space-between" wrap="wrap">
          <div aria-live="polite">
            {clipboard.copied && (
              <Text size="sm" c="teal.9" role="status">
                {formatMessage('clipboard.copied')}
              </Text>
            )}
          </div>
          <Button
            onClick={() => {
              clipboard.copy(token);
            }}
          >
            Copy Key
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="api-key-dialog-title">
            {title}
          </Title>
          <CloseButton aria-label="Close" onClick={onClose} />
        </Group>
        <Text size="sm">
          {mode === 'view'
            ? 'Enter your password to view the Reseller API Key.'
            : 'Enter your password to generate a new Reseller API Key. The current key stops working at once.'}
        </Text>
        <PasswordInput
          ref={inputRef}
          label="Password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (fieldError) setFieldError('');
          }}
          error={fieldError || undefined}
          errorProps={{ id: errorId }}
          aria-describedby={fieldError ? errorId : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <ServerActionButton
            type="submit"
            loading={mutation.isPending}
            disabled={password.trim().length < MIN}
          >
            {mode === 'view' ? 'View' : 'Change'}
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}
