import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  isSsoTestOutcome,
  SSO_TEST_PARAM,
  ssoMessages,
  ssoTestOutcomes,
  type SsoConfigView,
  type SsoProtocolName,
} from '../../../domain/api/sso';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { CopyField } from '../../../ui/copy-field';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { showSuccessToast } from '../../../ui/toast-show';
import { useEnableSso, type EnableSsoRequest } from '../api/enable-sso';
import { useSamlSp } from '../api/saml-sp';
import { useSsoConfig } from '../api/sso-config';
import { useTestSso } from '../api/test-sso';
import { SsoSettingsForm } from '../components/sso-settings-form';

/** /account/sso: "Single sign-on", the reseller administrator's screen. */
export function SsoPage() {
  const config = useSsoConfig();
  const [search] = useSearchParams();
  const outcome = search.get(SSO_TEST_PARAM) ?? '';
  if (config.isPending) return <PageLoader />;
  if (config.isError)
    return <QueryError error={config.error} onRetry={() => void config.refetch()} />;
  const view = config.data;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Single sign-on
      </Title>
      <Alert color="blue" variant="light" title="Break-glass sign-in">
        {ssoMessages.breakGlass}
      </Alert>
      {isSsoTestOutcome(outcome) && (
        <Alert
          color={outcome === 'ok' ? 'teal' : 'red'}
          variant="light"
          role="status"
          title={outcome === 'ok' ? 'Test sign-in worked' : 'Test sign-in failed'}
        >
          {ssoTestOutcomes[outcome]}
        </Alert>
      )}
      <SsoSetup view={view} />
      <TestCard view={view} />
      <EnableCard view={view} />
    </Stack>
  );
}

function SsoSetup({ view }: { view: SsoConfigView }) {
  const [protocol, setProtocol] = useState<SsoProtocolName>(view.protocol ?? 'oidc');
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            What to give your identity provider
          </Title>
          {protocol === 'oidc' ? (
            <CopyField label="Redirect URI" value={view.oidcRedirectUri} />
          ) : (
            <SamlSpValues />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Identity provider
          </Title>
          <SsoSettingsForm view={view} onProtocol={setProtocol} />
        </Stack>
      </Paper>
    </>
  );
}

function SamlSpValues() {
  const sp = useSamlSp(true);
  if (sp.isPending) return <PageLoader />;
  if (sp.isError) return <QueryError error={sp.error} onRetry={() => void sp.refetch()} />;
  return (
    <Stack gap="sm">
      <CopyField label="SP entity ID" value={sp.data.entityId} />
      <CopyField label="ACS URL" value={sp.data.acsUrl} />
      <CopyField label="Single logout URL" value={sp.data.sloUrl} />
      <Textarea
        label="SP signing certificate"
        readOnly
        autosize
        maxRows={8}
        value={sp.data.certificatePem}
      />
      {sp.data.metadataUrl && (
        <Anchor href={sp.data.metadataUrl} download="sp-metadata.xml">
          Download the SP metadata XML
        </Anchor>
      )}
    </Stack>
  );
}

function TestCard({ view }: { view: SsoConfigView }) {
  const test = useTestSso();
  const error = test.error;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Test sign-in
        </Title>
        <Text size="sm">
          Sign in at your identity provider once, before turning single sign-on on. You come back
          here with the outcome; no session is started.
        </Text>
        {view.testedAt && (
          <Text size="sm" c="dimmed">
            Last successful test: {new Date(view.testedAt).toLocaleString()}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
          </Alert>
        )}
        <Button
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          disabled={!view.configured}
          loading={test.isPending || test.isSuccess}
          onClick={() => {
            test.mutate(undefined, {
              onSuccess: (redirectUrl) => {
                window.location.assign(redirectUrl);
              },
            });
          }}
        >
          Test sign-in
        </Button>
      </Stack>
    </Paper>
  );
}

function EnableCard({ view }: { view: SsoConfigView }) {
  const enable = useEnableSso();
  const [scope, setScope] = useState<EnableSsoRequest['scope']>(view.scope);
  const [chosen, setChosen] = useState<string[]>(() =>
    view.users.filter((user) => user.ssoEnabled).map((user) => user.id),
  );
  const error = enable.error;
  const others = view.users.filter((user) => user.role !== 'admin');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Turn single sign-on on
        </Title>
        {!view.testedAt && (
          <Text size="sm" c="dimmed">
            {ssoMessages.testFirst}
          </Text>
        )}
        <Radio.Group
          label="Who signs in through single sign-on"
          value={scope}
          onChange={(value) => {
            setScope(value === 'account' || value === 'users' ? value : 'off');
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="off" label="Nobody (off)" />
            <Radio value="account" label="The whole account" />
            <Radio value="users" label="Chosen users" />
          </Stack>
        </Radio.Group>
        {scope === 'users' && (
          <Checkbox.Group label="Users" value={chosen} onChange={setChosen}>
            <Stack gap={4} mt="xs">
              {others.map((user) => (
                <Checkbox
                  key={user.id}
                  value={user.id}
                  label={user.name ? `${user.name} (${user.email})` : user.email}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(error) ? error.message : GENERIC_ERROR_TEXT}
          </Alert>
        )}
        <Button
          style={{ alignSelf: 'flex-start' }}
          disabled={!view.configured}
          loading={enable.isPending}
          onClick={() => {
            enable.mutate(
              { scope, userIds: scope === 'users' ? chosen : [] },
              { onSuccess: () => showSuccessToast('Single sign-on updated.') },
            );
          }}
        >
          Save
        </Button>
      </Stack>
    </Paper>
  );
}
