import { Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { useState, type SyntheticEvent } from 'react';
import type { ComputerGroup } from '../../../domain/api/computers';
import { rules } from '../../../domain/validation';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useCreateGroup } from '../api/create-group';
import { useDeleteGroup } from '../api/delete-group';
import { useRenameGroup } from '../api/rename-group';
import { showDone, showError } from './errors';
import { ServerActionButton } from '../../../ui/server-action-button';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : GENERIC_ERROR_TEXT);

/** A group name field with its own submit: used to create a group and to rename one. */
function GroupNameForm({
  label,
  initial = '',
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (name: string, fail: (message: string) => void, reset: () => void) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (isPending) return;
    const problem = rules.groupName(name);
    setError(problem ?? '');
    if (problem === null) onSubmit(name.trim(), setError, () => setName(''));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={label}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error || undefined}
          style={{ flex: '1 1 180px' }}
          data-autofocus={onCancel ? true : undefined}
        />
        <Group gap="xs" mt={25}>
          <ServerActionButton type="submit" loading={isPending} size="sm">
            {submitLabel}
          </ServerActionButton>
          {onCancel && (
            <Button variant="default" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}

function GroupRow({ group }: { group: ComputerGroup }) {
  const [isRenaming, setRenaming] = useState(false);
  const rename = useRenameGroup();
  const remove = useDeleteGroup();

  const confirmDelete = () =>
    openConfirmModal({
      title: 'Delete group',
      children: (
        <Text size="sm">
          Delete the group “{group.name}”? Its {group.computerCount} computer(s) are kept and move
          to No group.
        </Text>
      ),
      labels: { confirm: 'Delete group', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        remove.mutate(
          { groupId: group.id },
          { onSuccess: (answer) => showDone(answer.message), onError: showError },
        ),
    });

  if (isRenaming) {
    return (
      <GroupNameForm
        label={`New name for ${group.name}`}
        initial={group.name}
        submitLabel="Save"
        isPending={rename.isPending}
        onCancel={() => setRenaming(false)}
        onSubmit={(name, fail) =>
          rename.mutate(
            { groupId: group.id, name },
            {
              onSuccess: (answer) => {
                showDone(answer.message);
                setRenaming(false);
              },
              onError: (error) => fail(messageOf(error)),
            },
          )
        }
      />
    );
  }
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-group-row={group.name}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {group.name}
        </Text>
        <Text size="xs" c="dimmed">
          {group.computerCount} computer(s)
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <ServerActionButton size="xs" variant="subtle" onClick={() => setRenaming(true)}>
          Rename
        </ServerActionButton>
        <ServerActionButton
          size="xs"
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          Delete
        </ServerActionButton>
      </Group>
    </Group>
  );
}

/** Create, rename and delete groups; deleting a group keeps its computers in "No group". */
export function GroupsModal({
  opened,
  onClose,
  groups,
}: {
  opened: boolean;
  onClose: () => void;
  groups: readonly ComputerGroup[] | undefined;
}) {
  const create = useCreateGroup();
  return (
    <Modal opened={opened} onClose={onClose} title="Manage groups" centered size="lg">
      <Stack gap="md">
        <GroupNameForm
          label="New group name"
          submitLabel="Create group"
          isPending={create.isPending}
          onSubmit={(name, fail, reset) =>
            create.mutate(
              { name },
              {
                onSuccess: (answer) => {
                  showDone(answer.message);
                  reset();
                },
                onError: (error) => fail(messageOf(error)),
              },
            )
          }
        />
        {groups === undefined ? (
          <Stack gap="xs">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No groups yet. Create the first one above.
          </Text>
        ) : (
          <Stack gap="sm" role="list" aria-label="Groups">
            {groups.map((group) => (
              <div role="listitem" key={group.id}>
                <GroupRow group={group} />
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
