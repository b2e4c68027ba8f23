import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { rules } from '../../../domain/validation';
import { useRuleForm } from '../../../ui/form-rule-form';
import { NumericInput } from '../../../ui/input-numeric';
import { useInviteUser } from '../api/invite-user';
import { allottedRule, serverError } from './form-helpers';
import { PlanRoom, type AddUsersDialogProps } from './plan-room';
import { RoleSelect } from './role-select';
import { ServerActionButton } from '../../../ui/server-action-button';

interface InviteValues {
  email: string;
  role: string;
  allotedComputers: string;
}

/** Invite one user by e-mail, with the number of computers allotted to them. */
export function InviteUserModal({ opened, onClose, actorRole, room }: AddUsersDialogProps) {
  const invite = useInviteUser();
  const [alert, setAlert] = useState('');
  const form = useRuleForm<InviteValues>({
    initialValues: { email: '', role: 'sub_user', allotedComputers: '0' },
    rules: { email: rules.email, allotedComputers: allottedRule },
  });

  const close = () => {
    form.reset();
    setAlert('');
    invite.reset();
    onClose();
  };

  const submit = (values: InviteValues) => {
    if (invite.isPending) return;
    setAlert('');
    invite.mutate(
      {
        email: values.email,
        role: values.role as 'sub_admin' | 'sub_user',
        allotedComputers: values.allotedComputers || '0',
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'teal', message: result.message });
          close();
        },
        onError: (error) => {
          const target = serverError(error, ['email', 'allotedComputers', 'role']);
          if (target.field) form.setFieldError(target.field, target.message);
          else setAlert(target.message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Invite user">
        <Stack gap="md">
          {room && <PlanRoom data={room} actorRole={actorRole} />}
          <Text size="sm" c="dimmed">
            We send an invitation link to this address. It works once and expires in 7 days.
          </Text>
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label="Email Address"
            type="email"
            inputMode="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <RoleSelect
            actorRole={actorRole}
            value={form.values.role}
            onChange={(value) => form.setFieldValue('role', value)}
          />
          <NumericInput
            label="Allotted computers"
            description="How many computers this user may use"
            key={form.key('allotedComputers')}
            {...form.getInputProps('allotedComputers')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={invite.isPending}>
              Send invitation
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
