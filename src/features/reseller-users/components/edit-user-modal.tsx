import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatMessage } from '../../../domain/messages';
import type { ResellerRole, SubUser } from '../../../domain/api/reseller-users';
import type { Rule } from '../../../domain/rule-kit';
import { rules } from '../../../domain/validation';
import { useRuleForm } from '../../../ui/form-rule-form';
import { NumericInput } from '../../../ui/input-numeric';
import { useUpdateUser } from '../api/update-user';
import { allottedRule, serverError } from './form-helpers';
import { RoleSelect } from './role-select';
import { ServerActionButton } from '../../../ui/server-action-button';

interface EditValues {
  firstName: string;
  lastName: string;
  role: string;
  allotedComputers: string;
}

/** A name may stay empty for a user who has not accepted the invitation yet. */
const optional =
  (rule: Rule): Rule =>
  (value) =>
    value.trim() === '' ? null : rule(value);

/** The form inside; mounted per user so its initial values are that user's. */
function EditUserForm({
  user,
  actorRole,
  onDone,
}: {
  user: SubUser;
  actorRole: ResellerRole;
  onDone: () => void;
}) {
  const update = useUpdateUser();
  const [alert, setAlert] = useState('');
  const isInvited = user.status === 'invited';
  const form = useRuleForm<EditValues>({
    initialValues: {
      firstName: user.firstname,
      lastName: user.lastname,
      role: user.role,
      allotedComputers: String(user.allotedComputers),
    },
    rules: {
      firstName: isInvited ? optional(rules.firstName) : rules.firstName,
      lastName: isInvited ? optional(rules.lastName) : rules.lastName,
      allotedComputers: allottedRule,
    },
  });

  const submit = (values: EditValues) => {
    if (update.isPending) return;
    setAlert('');
    update.mutate(
      {
        userId: user.id,
        firstName: values.firstName,
        lastName: values.lastName,
        role: values.role as 'sub_admin' | 'sub_user',
        allotedComputers: values.allotedComputers || '0',
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: formatMessage('user.updated') });
          onDone();
        },
        onError: (error) => {
          const target = serverError(error, ['firstName', 'lastName', 'role', 'allotedComputers']);
          if (target.field) form.setFieldError(target.field, target.message);
          else setAlert(target.message);
        },
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Edit user">
      <Stack gap="md">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First Name"
            required={!isInvited}
            data-autofocus
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            required={!isInvited}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <RoleSelect
          actorRole={actorRole}
          value={form.values.role}
          onChange={(value) => form.setFieldValue('role', value)}
        />
        <NumericInput
          label="Allotted computers"
          key={form.key('allotedComputers')}
          {...form.getInputProps('allotedComputers')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <ServerActionButton type="submit" loading={update.isPending}>
            Save changes
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

export function EditUserModal({
  user,
  onClose,
  actorRole,
}: {
  user: SubUser | null;
  onClose: () => void;
  actorRole: ResellerRole;
}) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Edit user" centered size="lg">
      {user && <EditUserForm key={user.id} user={user} actorRole={actorRole} onDone={onClose} />}
    </Modal>
  );
}
