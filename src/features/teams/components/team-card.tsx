import { Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Team } from '../../../domain/api/teams';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useAddMembers } from '../api/add-members';
import { useDeleteTeam } from '../api/delete-team';
import { useRemoveMembers } from '../api/remove-members';
import { useRenameTeam } from '../api/rename-team';
import { ServerActionButton, ServerActionCloseButton } from '../../../ui/server-action-button';
import { TeamUserPicker } from './team-user-picker';

const toastError = (error: unknown) =>
  notifications.show({
    color: 'red',
    message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
  });
const toastOk = (answer: { message: string }) =>
  notifications.show({ color: 'teal', message: answer.message });

/** One team: rename, delete, its members, and a picker to add more. */
export function TeamCard({ team, inATeam }: { team: Team; inATeam: ReadonlySet<string> }) {
  const [isRenaming, setRenaming] = useState(false);
  const [name, setName] = useState(team.name);
  const [picked, setPicked] = useState<string[]>([]);
  const rename = useRenameTeam();
  const remove = useDeleteTeam();
  const addMembers = useAddMembers();
  const removeMembers = useRemoveMembers();
  const titleId = `team-${team.id}`;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        {isRenaming ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (rename.isPending) return;
              rename.mutate(
                { teamId: team.id, name },
                {
                  onSuccess: (answer) => {
                    toastOk(answer);
                    setRenaming(false);
                  },
                  onError: toastError,
                },
              );
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput
                label="Team name"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <ServerActionButton type="submit" loading={rename.isPending}>
                Save
              </ServerActionButton>
              <Button variant="default" onClick={() => setRenaming(false)}>
                Cancel
              </Button>
            </Group>
          </form>
        ) : (
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
            <Group gap="xs" wrap="nowrap">
              <ServerActionButton size="xs" variant="default" onClick={() => setRenaming(true)}>
                Rename
              </ServerActionButton>
              <ServerActionButton
                size="xs"
                variant="light"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  openConfirmModal({
                    title: 'Delete team',
                    children: (
                      <Text size="sm">Delete the team {team.name}? Its members stay as users.</Text>
                    ),
                    labels: { confirm: 'Delete', cancel: 'Cancel' },
                    confirmProps: { color: 'red.8' },
                    onConfirm: () =>
                      remove.mutate(
                        { teamId: team.id },
                        { onSuccess: toastOk, onError: toastError },
                      ),
                  })
                }
              >
                Delete
              </ServerActionButton>
            </Group>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {team.members.length} {team.members.length === 1 ? 'member' : 'members'}
        </Text>
        {team.members.length > 0 && (
          <List spacing={4} listStyleType="none" aria-label={`Members of ${team.name}`}>
            {team.members.map((member) => (
              <List.Item key={member.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {member.name ? `${member.name} (${member.email})` : member.email}
                  </Text>
                  <ServerActionCloseButton
                    size="sm"
                    aria-label={`Remove ${member.email} from ${team.name}`}
                    onClick={() =>
                      removeMembers.mutate(
                        { teamId: team.id, userIds: member.id },
                        { onSuccess: toastOk, onError: toastError },
                      )
                    }
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xs" align="flex-end">
          <TeamUserPicker inATeam={inATeam} value={picked} onChange={setPicked} />
          <ServerActionButton
            disabled={picked.length === 0}
            loading={addMembers.isPending}
            onClick={() =>
              addMembers.mutate(
                { teamId: team.id, userIds: picked.join(',') },
                {
                  onSuccess: (answer) => {
                    toastOk(answer);
                    setPicked([]);
                  },
                  onError: toastError,
                },
              )
            }
          >
            Add
          </ServerActionButton>
        </Group>
      </Stack>
    </Card>
  );
}
