import { ActionIcon, Menu, Text } from '@mantine/core';
import type { Computer } from '../../../domain/api/computers';
import { ServerActionMenuItem } from '../../../ui/server-action-button';

export interface ComputerActions {
  onEdit: (computer: Computer) => void;
  onMove: (computer: Computer) => void;
  onAllot: (computer: Computer) => void;
  onComments: (computer: Computer) => void;
  onMessage: (computer: Computer) => void;
  onDelete: (computer: Computer) => void;
}

/** The actions on one computer, in the table row or on its card. */
export function RowMenu({ computer, actions }: { computer: Computer; actions: ComputerActions }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${computer.name}`}>
          <Text aria-hidden fw={700}>
            ⋯
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.onEdit(computer)}>Edit</Menu.Item>
        <Menu.Item onClick={() => actions.onMove(computer)}>Move to group</Menu.Item>
        <Menu.Item onClick={() => actions.onAllot(computer)}>Allot to user</Menu.Item>
        <Menu.Item onClick={() => actions.onComments(computer)}>Comments</Menu.Item>
        <Menu.Item onClick={() => actions.onMessage(computer)}>Send message</Menu.Item>
        <ServerActionMenuItem color="red" onClick={() => actions.onDelete(computer)}>
          Delete
        </ServerActionMenuItem>
      </Menu.Dropdown>
    </Menu>
  );
}
