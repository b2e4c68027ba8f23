import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAllotComputers } from '../api/allot-computers';
import { useSubUserOptions } from '../api/list-sub-users';
import { serverError, showDone } from './errors';
import type { ComputerTarget } from './move-modal';
import { ServerActionButton } from '../../../ui/server-action-button';

const NOBODY = 'nobody';

interface Option {
  value: string;
  label: string;
}

function AllotForm({ target, onDone }: { target: ComputerTarget; onDone: () => void }) {
  const allot = useAllotComputers();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(null);
  // Picking an option writes its label into the search box; that is not a new search.
  const [q] = useDebouncedValue(search === picked?.label ? '' : search.trim(), 300);
  const users = useSubUserOptions(q);
  const [error, setError] = useState('');
  const found: Option[] = (users.data ?? []).map((user) => {
    const name = `${user.firstname} ${user.lastname}`.trim();
    const who = name ? `${name} (${user.email})` : user.email;
    return { value: user.id, label: `${who} · up to ${String(user.allotedComputers)}` };
  });
  const options: Option[] = [
    { value: NOBODY, label: 'Nobody (take the computers back)' },
    ...(picked && picked.value !== NOBODY && !found.some((o) => o.value === picked.value)
      ? [picked]
      : []),
    ...found,
  ];
  const userId = picked?.value ?? null;
  return (
    <form
      aria-label="Allot to user"
      onSubmit={(event) => {
        event.preventDefault();
        if (allot.isPending) return;
        if (userId === null) {
          setError('Select a user');
          return;
        }
        setError('');
        allot.mutate(
          { computerIds: target.ids.join(','), userId: userId === NOBODY ? '' : userId },
          {
            onSuccess: (answer) => {
              showDone(answer.message);
              onDone();
            },
            onError: (failure) => setError(serverError(failure, []).message),
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Allot {target.label} to a user. A user holds at most the number of computers allotted to
          them.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Select
          label="User"
          placeholder="Search by name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server searches; every answer it gives is shown as it is.
          filter={({ options: all }) => all}
          data={options}
          value={userId}
          onChange={(value, option) => setPicked(value === null ? null : option)}
          nothingFoundMessage={users.isFetching ? 'Loading users' : 'No users found'}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <ServerActionButton type="submit" loading={allot.isPending}>
            Allot
          </ServerActionButton>
        </Group>
      </Stack>
    </form>
  );
}

export function AllotModal({
  target,
  onClose,
}: {
  target: ComputerTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Allot to user" centered size="lg">
      {target && <AllotForm target={target} onDone={onClose} />}
    </Modal>
  );
}
