import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ComputerGroup } from '../../../domain/api/computers';
import { useMoveComputers } from '../api/move-computers';
import { showDone, showError } from './errors';
import { ServerActionButton } from '../../../ui/server-action-button';

/** Computers an action applies to: their ids and how the dialog names them. */
export interface ComputerTarget {
  ids: readonly string[];
  label: string;
}

const NO_GROUP = 'none';

function MoveForm({
  target,
  groups,
  onDone,
}: {
  target: ComputerTarget;
  groups: readonly ComputerGroup[];
  onDone: () => void;
}) {
  const move = useMoveComputers();
  const [groupId, setGroupId] = useState<string>(groups[0]?.id ?? NO_GROUP);
  return (
    <form
      aria-label="Move to group"
      onSubmit={(event) => {
        event.preventDefault();
        if (move.isPending) return;
        move.mutate(
          { computerIds: target.ids.join(','), groupId: groupId === NO_GROUP ? '' : groupId },
          {
            onSuccess: (answer) => {
              showDone(answer.message);
              onDone();
            },
            onError: showError,
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">Move {target.label} to:</Text>
        <Select
          label="Group"
          data={[
            ...groups.map((group) => ({ value: group.id, label: group.name })),
            { value: NO_GROUP, label: 'No group' },
          ]}
          value={groupId}
          onChange={(value) => setGroupId(value ?? NO_GROUP)}
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <ServerActionButton type="submit" loading={move.isPending}>
            Move
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

export function MoveModal({
  target,
  groups,
  onClose,
}: {
  target: ComputerTarget | null;
  groups: readonly ComputerGroup[];
  onClose: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Move to group" centered>
      {target && <MoveForm target={target} groups={groups} onDone={onClose} />}
    </Modal>
  );
}
