import {
  Alert,
  Button,
  Checkbox,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { fieldErrorCodes } from '../../../domain/api/envelope';
import type { SsoConfigView, SsoProtocolName } from '../../../domain/api/sso';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { showSuccessToast } from '../../../ui/toast-show';
import { useSaveSsoConfig } from '../api/save-sso-config';

interface Values {
  protocol: SsoProtocolName;
  ssoName: string;
  samlMetadataUrl: string;
  samlMetadataXml: string;
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecret: string;
  allowIdpInitiated: boolean;
  jitProvisioning: boolean;
}

const initialOf = (view: SsoConfigView): Values => ({
  protocol: view.protocol ?? 'oidc',
  ssoName: view.ssoName,
  samlMetadataUrl: view.samlMetadataUrl,
  samlMetadataXml: '',
  oidcIssuer: view.oidcIssuer,
  oidcClientId: view.oidcClientId,
  oidcClientSecret: '',
  allowIdpInitiated: view.allowIdpInitiated,
  jitProvisioning: view.jitProvisioning,
});

/** The identity provider's settings: SAML metadata, or the OIDC issuer, client id and secret. */
export function SsoSettingsForm({
  view,
  onProtocol,
}: {
  view: SsoConfigView;
  onProtocol: (protocol: SsoProtocolName) => void;
}) {
  const save = useSaveSsoConfig();
  const [values, setValues] = useState<Values>(() => initialOf(view));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };
  const error = save.error;
  const field =
    isApiError(error) && fieldErrorCodes.has(error.description) ? error.field : undefined;
  const fieldError = (name: keyof Values) =>
    field === name && isApiError(error) ? error.message : undefined;
  const alertText = error && !field ? (isApiError(error) ? error.message : GENERIC_ERROR_TEXT) : '';

  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const isSaml = values.protocol === 'saml';
    save.mutate(
      {
        protocol: values.protocol,
        ssoName: values.ssoName,
        ...(isSaml
          ? { samlMetadataUrl: values.samlMetadataUrl, samlMetadataXml: values.samlMetadataXml }
          : {
              oidcIssuer: values.oidcIssuer,
              oidcClientId: values.oidcClientId,
              oidcClientSecret: values.oidcClientSecret,
            }),
        allowIdpInitiated: values.allowIdpInitiated ? 'true' : 'false',
        jitProvisioning: values.jitProvisioning ? 'true' : 'false',
      },
      {
        onSuccess: () => {
          set('oidcClientSecret', '');
          showSuccessToast('Single sign-on settings saved.');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Identity provider settings">
      <Stack gap="md">
        {alertText && (
          <Alert color="red" variant="light" role="alert">
            {alertText}
          </Alert>
        )}
        <SegmentedControl
          aria-label="Protocol"
          value={values.protocol}
          onChange={(value) => {
            const protocol = value === 'saml' ? 'saml' : 'oidc';
            set('protocol', protocol);
            onProtocol(protocol);
          }}
          data={[
            { value: 'oidc', label: 'OpenID Connect' },
            { value: 'saml', label: 'SAML 2.0' },
          ]}
        />
        {values.protocol === 'saml' ? (
          <>
            <TextInput
              label="IdP metadata URL"
              description="The server reads it now and refreshes it every hour."
              value={values.samlMetadataUrl}
              error={fieldError('samlMetadataUrl')}
              onChange={(event) => {
                set('samlMetadataUrl', event.currentTarget.value);
              }}
            />
            <Textarea
              label="Or paste the IdP metadata XML"
              autosize
              minRows={3}
              maxRows={10}
              value={values.samlMetadataXml}
              error={fieldError('samlMetadataXml')}
              onChange={(event) => {
                set('samlMetadataXml', event.currentTarget.value);
              }}
            />
            {view.samlIdpEntityId && (
              <Text size="sm" c="dimmed">
                Identity provider in use: {view.samlIdpEntityId}
              </Text>
            )}
          </>
        ) : (
          <>
            <TextInput
              label="Issuer URL"
              required
              value={values.oidcIssuer}
              error={fieldError('oidcIssuer')}
              onChange={(event) => {
                set('oidcIssuer', event.currentTarget.value);
              }}
            />
            <TextInput
              label="Client ID"
              required
              value={values.oidcClientId}
              error={fieldError('oidcClientId')}
              onChange={(event) => {
                set('oidcClientId', event.currentTarget.value);
              }}
            />
            <PasswordInput
              label="Client secret"
              description={
                view.hasClientSecret
                  ? 'A secret is saved and is never shown again. Leave empty to keep it.'
                  : 'Kept encrypted; never shown again.'
              }
              autoComplete="off"
              value={values.oidcClientSecret}
              error={fieldError('oidcClientSecret')}
              onChange={(event) => {
                set('oidcClientSecret', event.currentTarget.value);
              }}
            />
          </>
        )}
        <TextInput
          label="SSO name (optional)"
          description={'Your users may type it on "Sign in with SSO" instead of their e-mail.'}
          value={values.ssoName}
          error={fieldError('ssoName')}
          onChange={(event) => {
            set('ssoName', event.currentTarget.value);
          }}
        />
        <Checkbox
          label="Allow sign-in started by the identity provider"
          checked={values.allowIdpInitiated}
          onChange={(event) => {
            set('allowIdpInitiated', event.currentTarget.checked);
          }}
        />
        <Checkbox
          label="Create unknown users on first sign-in"
          description="As sub-users, while the plan has room."
          checked={values.jitProvisioning}
          onChange={(event) => {
            set('jitProvisioning', event.currentTarget.checked);
          }}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save settings
        </Button>
      </Stack>
    </form>
  );
}
