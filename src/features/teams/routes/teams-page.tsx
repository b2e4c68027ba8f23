import { Alert, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { can, roleOfFlags } from '../../../domain/api/reseller-users';
import { formatMessage } from '../../../domain/messages';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { useQuery } from '@tanstack/react-query';
import { useCreateTeam } from '../api/create-team';
import { useTeams } from '../api/list-teams';
import { TeamCard } from '../components/team-card';
import { ServerActionButton } from '../../../ui/server-action-button';
import { resellerUserInfoQuery } from '../../../lib/session/user-info-query';

/** /home/teams: the account's teams; a user belongs to at most one. */
export function TeamsPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Teams | ${productName} Bulk Reseller`);
  // The same cache entry the reseller layout fills.
  const me = useQuery(resellerUserInfoQuery);
  const role = me.data ? roleOfFlags(me.data) : undefined;
  const isManager = role !== undefined && can(role, 'teams.manage');
  const teams = useTeams();
  const create = useCreateTeam();
  const teamsFallback = useQueryFallback(
    teams,
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Skeleton height={180} />
      <Skeleton height={180} />
    </SimpleGrid>,
  );
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');

  if (role !== undefined && !isManager) {
    return (
      <Alert color="red" variant="light" role="alert" title="Teams">
        {formatMessage('permission.denied')}
      </Alert>
    );
  }

  // A user belongs to one team at most: the pickers offer nobody who is in one already.
  const inATeam = new Set(
    (teams.data?.teams ?? []).flatMap((team) => team.members.map((member) => member.id)),
  );

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>Teams</Title>
        <Text c="dimmed" size="sm">
          Group users into teams. A user can belong to only one team.
        </Text>
      </div>
      <form
        aria-label="Create team"
        onSubmit={(event) => {
          event.preventDefault();
          if (create.isPending) return;
          setNameError('');
          create.mutate(
            { name },
            {
              onSuccess: (answer) => {
                notifications.show({ color: 'teal', message: answer.message });
                setName('');
              },
              onError: (error) =>
                setNameError(isApiError(error) ? error.message : GENERIC_ERROR_TEXT),
            },
          );
        }}
      >
        <Group gap="xs" align="flex-start">
          <TextInput
            label="New team name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError || undefined}
            w={{ base: '100%', xs: 320 }}
          />
          <ServerActionButton type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
            Create team
          </ServerActionButton>
        </Group>
      </form>
      {teams.data === undefined ? (
        teamsFallback
      ) : teams.data.teams.length === 0 ? (
        <Text c="dimmed">No teams yet. Create the first one above.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {teams.data.teams.map((team) => (
            <TeamCard key={team.id} team={team} inATeam={inATeam} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
