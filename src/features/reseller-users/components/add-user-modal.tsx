import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { userMessages } from '../../../domain/api/reseller-users';
import { rules } from '../../../domain/validation';
import { useRuleForm } from '../../../ui/form-rule-form';
import { NumericInput } from '../../../ui/input-numeric';
import { useAddUser } from '../api/add-user';
import { allottedRule, serverError } from './form-helpers';
import { PlanRoom, type AddUsersDialogProps } from './plan-room';
import { RoleSelect } from './role-select';
import { ServerActionButton } from '../../../ui/server-action-button';

interface AddValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  allotedComputers: string;
}

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'role', 'allotedComputers'];

/** Add a user who can sign in at once with the password set here. */
export function AddUserModal({ opened, onClose, actorRole, room }: AddUsersDialogProps) {
  const add = useAddUser();
  const [alert, setAlert] = useState('');
  const form = useRuleForm<AddValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      role: 'sub_user',
      allotedComputers: '0',
    },
    rules: {
      firstName: rules.firstName,
      lastName: rules.lastName,
      email: rules.email,
      password: rules.password,
      allotedComputers: allottedRule,
    },
  });

  const close = () => {
    form.reset();
    setAlert('');
    add.reset();
    onClose();
  };

  const submit = (values: AddValues) => {
    if (add.isPending) return;
    setAlert('');
    add.mutate(
      {
        ...values,
        role: values.role as 'sub_admin' | 'sub_user',
        allotedComputers: values.allotedComputers || '0',
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: userMessages.userAdded });
          close();
        },
        onError: (error) => {
          const target = serverError(error, FIELDS);
          if (target.field) form.setFieldError(target.field, target.message);
          else setAlert(target.message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add user" centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Add user">
        <Stack gap="md">
          {room && <PlanRoom data={room} actorRole={actorRole} />}
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First Name"
              required
              data-autofocus
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last Name"
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email Address"
            type="email"
            inputMode="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
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
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <ServerActionButton type="submit" loading={add.isPending}>
              Add user
            </ServerActionButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
