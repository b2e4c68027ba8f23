import { Group, Paper, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PROXY_TOPIC,
  proxyTopicMessages,
  type AccountProfile,
  type AccountUpdateRequest,
} from '../../../domain/api/reseller-account';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { rules } from '../../../domain/rules';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useAccountProfile, useUpdateAccountProfile } from '../api/account-profile';
import { EmailChangeCard } from '../components/email-change-card';
import { ServerActionButton } from '../../../ui/server-action-button';

const proxyRule = (value: string): string | null => {
  const trimmed = value.trim();
  if (!trimmed) return proxyTopicMessages.required;
  return PROXY_TOPIC.test(trimmed) ? null : proxyTopicMessages.invalid;
};

/** /account/profile: names and the proxy topic; the e-mail changes through a confirmed link. */
export function ProfilePage() {
  const profile = useAccountProfile();
  const fallback = useQueryFallback(
    profile,
    <Stack gap="sm" maw={520} aria-busy="true" aria-label="Loading profile">
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>,
  );
  if (profile.data === undefined) return fallback;
  return (
    <Stack gap="md">
      <ProfileForm profile={profile.data} />
      <EmailChangeCard profile={profile.data} />
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: AccountProfile }) {
  const update = useUpdateAccountProfile();
  const form = useRuleForm<AccountUpdateRequest>({
    mode: 'uncontrolled',
    initialValues: {
      firstname: profile.firstname,
      lastname: profile.lastname,
      proxy: profile.proxy,
    },
    rules: { firstname: rules.firstName, lastname: rules.lastName, proxy: proxyRule },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={520}>
      <Title order={2} size="h3" mb="md">
        Profile
      </Title>
      <form
        noValidate
        aria-label="Profile"
        onSubmit={form.onSubmit((values) => {
          if (update.isPending) return;
          update.mutate(values, {
            onSuccess: (text) => {
              notifications.show({ color: 'teal', message: text, autoClose: TOAST_DURATION_MS });
            },
            onError: (error) => {
              const field = isApiError(error) ? error.field : undefined;
              if (
                isApiError(error) &&
                (field === 'firstname' || field === 'lastname' || field === 'proxy')
              ) {
                form.setFieldError(field, error.message);
                return;
              }
              notifications.show({
                color: isApiError(error) && error.status === 400 ? 'yellow' : 'red',
                message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
                autoClose: TOAST_DURATION_MS,
              });
            },
          });
        })}
      >
        <Stack gap="md">
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              required
              miw={180}
              key={form.key('firstname')}
              {...form.getInputProps('firstname')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              required
              miw={180}
              key={form.key('lastname')}
              {...form.getInputProps('lastname')}
            />
          </Group>
          <TextInput
            label="Proxy topic"
            description="The name your account's computers use to reach you."
            required
            key={form.key('proxy')}
            {...form.getInputProps('proxy')}
          />
          <ServerActionButton
            type="submit"
            loading={update.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Save changes
          </ServerActionButton>
        </Stack>
      </form>
    </Paper>
  );
}
