import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { Computer, ComputerGroup } from '../../../domain/api/computers';
import type { Rule } from '../../../domain/rule-kit';
import { rules } from '../../../domain/validation';
import { useRuleForm } from '../../../ui/form-rule-form';
import { useAddComputer } from '../api/add-computer';
import { useUpdateComputer } from '../api/update-computer';
import { serverError, showDone } from './errors';
import { ServerActionButton } from '../../../ui/server-action-button';

interface ComputerValues {
  name: string;
  description: string;
  personalKey: string;
  groupId: string;
}

const FIELDS = ['name', 'description', 'personalKey', 'groupId'] as const;
/** The "no group" choice of the group select (sent as ""). */
const NO_GROUP = 'none';

/** On edit the Personal Key is optional: blank keeps the current key, which is never shown. */
const optionalKey: Rule = (value) => (value.trim() === '' ? null : rules.personalKey(value));

/** The form inside; mounted per computer so its initial values are that computer's. */
function ComputerForm({
  computer,
  groups,
  onDone,
}: {
  computer: Computer | null;
  groups: readonly ComputerGroup[];
  onDone: () => void;
}) {
  const add = useAddComputer();
  const update = useUpdateComputer();
  const isPending = add.isPending || update.isPending;
  const [alert, setAlert] = useState('');
  const form = useRuleForm<ComputerValues>({
    initialValues: {
      name: computer?.name ?? '',
      description: computer?.description ?? '',
      personalKey: '',
      groupId: computer?.groupId ?? NO_GROUP,
    },
    rules: {
      name: rules.computerName,
      description: rules.computerDescription,
      personalKey: computer ? optionalKey : rules.personalKey,
    },
  });

  const submit = (values: ComputerValues) => {
    if (isPending) return;
    setAlert('');
    const callbacks = {
      onSuccess: (answer: { message: string }) => {
        showDone(answer.message);
        onDone();
      },
      onError: (error: unknown) => {
        const target = serverError(error, FIELDS);
        if (target.field) form.setFieldError(target.field, target.message);
        else setAlert(target.message);
      },
    };
    const request = { ...values, groupId: values.groupId === NO_GROUP ? '' : values.groupId };
    if (computer) update.mutate({ computerId: computer.id, ...request }, callbacks);
    else add.mutate(request, callbacks);
  };

  return (
    <form
      onSubmit={form.onSubmit(submit)}
      noValidate
      aria-label={computer ? 'Edit computer' : 'Add computer'}
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          label="Computer name"
          required
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          maxRows={6}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <PasswordInput
          label="Personal Key"
          description={
            computer
              ? 'Leave blank to keep the current key. The key is never shown again.'
              : 'Asked for before anyone connects to this computer. It is never shown again.'
          }
          required={!computer}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show Personal Key' }}
          key={form.key('personalKey')}
          {...form.getInputProps('personalKey')}
        />
        <Select
          label="Group"
          data={[
            { value: NO_GROUP, label: 'No group' },
            ...groups.map((group) => ({ value: group.id, label: group.name })),
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('groupId')}
          {...form.getInputProps('groupId')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <ServerActionButton type="submit" loading={isPending}>
            {computer ? 'Save changes' : 'Add computer'}
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Add (computer null) or edit a computer. */
export function ComputerFormModal({
  opened,
  computer,
  groups,
  onClose,
}: {
  opened: boolean;
  computer: Computer | null;
  groups: readonly ComputerGroup[];
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={computer ? 'Edit computer' : 'Add computer'}
      centered
      size="lg"
    >
      {opened && (
        <ComputerForm
          key={computer?.id ?? 'new'}
          computer={computer}
          groups={groups}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}
