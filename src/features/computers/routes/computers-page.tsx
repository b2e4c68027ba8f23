import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { openConfirmModal } from '../../../ui/modals/confirm';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  GROUP_FILTER_ALL,
  GROUP_FILTER_NONE,
  computerMessages,
  type Computer,
} from '../../../domain/api/computers';
import { can } from '../../../domain/api/reseller-users';
import { HOSTS_DELETE_MAX } from '../../../domain/limits';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useCurrentRole } from '../api/current-role';
import { useDeleteComputers } from '../api/delete-computers';
import { useComputers } from '../api/list-computers';
import { useGroups } from '../api/list-groups';
import { AllotModal } from '../components/allot-modal';
import { ComputerFormModal } from '../components/computer-form-modal';
import { ComputerCards } from '../components/computer-cards';
import { ComputersTable } from '../components/computers-table';
import { showDone, showError } from '../components/errors';
import { GroupsModal } from '../components/groups-modal';
import { ListFooter } from '../../../ui/list-footer';
import { MoveModal, type ComputerTarget } from '../components/move-modal';
import { NotesModal, type NotesKind } from '../components/notes-modal';
import type { ComputerSort } from '../components/computers-table';
import { ServerActionButton } from '../../../ui/server-action-button';

/** The phone's sort control: the table's column headers as one choice. */
const SORT_CHOICES = [
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'last_seen:desc', label: 'Last seen, newest first' },
  { value: 'last_seen:asc', label: 'Last seen, oldest first' },
  { value: 'status:desc', label: 'Online first' },
  { value: 'status:asc', label: 'Offline first' },
] as const;

const plural = (count: number) => `${String(count)} computer${count === 1 ? '' : 's'}`;

/**
 * /home/computers: administrators and sub-administrators manage the account's computers and
 * groups; a sub-user sees the computers allotted to them, read-only.
 */
export function ComputersPage() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Computers | ${productName} Bulk Reseller`);
  const { role, query: me } = useCurrentRole();
  // Below Mantine's xs breakpoint the list becomes cards instead of a sideways-scrolling table.
  const isPhone = useMediaQuery('(max-width: 36em)');
  const isManager = role !== undefined && can(role, 'computers.manage');

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [group, setGroup] = useState(GROUP_FILTER_ALL);
  const [sort, setSort] = useState<ComputerSort>({ field: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Home's quick action "Add computer" opens the page with its dialog open (?add=computer).
  const [searchParams] = useSearchParams();
  const [isFormOpen, form] = useDisclosure(searchParams.get('add') === 'computer');
  const [editing, setEditing] = useState<Computer | null>(null);
  const [isGroupsOpen, groupsDialog] = useDisclosure(false);
  const [moveTarget, setMoveTarget] = useState<ComputerTarget | null>(null);
  const [allotTarget, setAllotTarget] = useState<ComputerTarget | null>(null);
  const [notes, setNotes] = useState<{ kind: NotesKind; computer: Computer | null }>({
    kind: 'comments',
    computer: null,
  });

  const groups = useGroups(isManager);
  // A filter on a group that has just been deleted falls back to every group.
  const activeGroup =
    group === GROUP_FILTER_ALL ||
    group === GROUP_FILTER_NONE ||
    groups.data === undefined ||
    groups.data.groups.some((entry) => entry.id === group)
      ? group
      : GROUP_FILTER_ALL;
  const list = useComputers({
    q,
    group: activeGroup,
    sort: sort.field,
    order: sort.order,
    page,
    pageSize,
  });
  const remove = useDeleteComputers();

  const roleFallback = useQueryFallback(me, <PageLoader label="Loading computers" />);
  const listFallback = useQueryFallback(list, null);
  if (role === undefined) return roleFallback;

  const resetPaging = () => {
    setPage(1);
    setSelected(new Set());
  };
  const groupList = groups.data?.groups ?? [];

  const confirmDelete = (ids: readonly string[], label: string) => {
    // The server refuses more too; saying it here saves a round trip and a confusing dialog.
    if (ids.length > HOSTS_DELETE_MAX) {
      notifications.show({ color: 'red', message: computerMessages.deleteLimit });
      return;
    }
    openConfirmModal({
      title: 'Delete computers',
      children: (
        <Text size="sm">
          Delete {label}? Their comments and messages are deleted too. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        remove.mutate(
          { computerIds: ids.join(',') },
          {
            onSuccess: (answer) => {
              showDone(answer.message);
              setSelected(new Set());
            },
            onError: showError,
          },
        ),
    });
  };

  const selectedTarget = (): ComputerTarget => ({
    ids: [...selected],
    label: `${plural(selected.size)} selected`,
  });
  const single = (computer: Computer): ComputerTarget => ({
    ids: [computer.id],
    label: computer.name,
  });

  const data = list.data;
  const ListView = isPhone ? ComputerCards : ComputersTable;
  const isFiltered = q !== '' || activeGroup !== GROUP_FILTER_ALL;
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>Computers</Title>
          <Text c="dimmed" size="sm">
            {isManager
              ? data
                ? `${plural(data.total)}${isFiltered ? ' found' : ''}`
                : 'Computers of your account'
              : 'The computers allotted to you.'}
          </Text>
        </div>
        {isManager && (
          <Group gap="sm">
            <Button variant="default" onClick={groupsDialog.open}>
              Manage groups
            </Button>
            <ServerActionButton
              onClick={() => {
                setEditing(null);
                form.open();
              }}
            >
              Add computer
            </ServerActionButton>
          </Group>
        )}
      </Group>

      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search computers"
          placeholder="Name or description"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPaging();
          }}
          w={{ base: '100%', xs: 320 }}
        />
        {isManager && (
          <Select
            label="Group"
            data={[
              { value: GROUP_FILTER_ALL, label: 'All groups' },
              { value: GROUP_FILTER_NONE, label: 'No group' },
              ...groupList.map((entry) => ({
                value: entry.id,
                label: `${entry.name} (${String(entry.computerCount)})`,
              })),
            ]}
            value={activeGroup}
            onChange={(value) => {
              setGroup(value ?? GROUP_FILTER_ALL);
              resetPaging();
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>

      {isPhone && (
        <Select
          label="Sort by"
          data={SORT_CHOICES.map((choice) => ({ ...choice }))}
          value={`${sort.field}:${sort.order}`}
          onChange={(value) => {
            const choice = SORT_CHOICES.find((entry) => entry.value === value);
            if (!choice) return;
            const [field, order] = choice.value.split(':') as [
              ComputerSort['field'],
              ComputerSort['order'],
            ];
            setSort({ field, order });
            resetPaging();
          }}
          allowDeselect={false}
        />
      )}

      {isManager && selected.size > 0 && (
        <Group gap="sm" role="region" aria-label="Bulk actions">
          <Text size="sm" fw={600}>
            {selected.size} selected
          </Text>
          <ServerActionButton
            size="xs"
            variant="light"
            onClick={() => setMoveTarget(selectedTarget())}
          >
            Move to group
          </ServerActionButton>
          <ServerActionButton
            size="xs"
            variant="light"
            onClick={() => setAllotTarget(selectedTarget())}
          >
            Allot to user
          </ServerActionButton>
          <ServerActionButton
            size="xs"
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() => confirmDelete([...selected], `${plural(selected.size)} selected`)}
          >
            Delete selected
          </ServerActionButton>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </Group>
      )}

      {listFallback ?? (
        <>
          <ListView
            computers={data?.computers}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              resetPaging();
            }}
            pageSize={pageSize}
            manage={
              isManager
                ? {
                    selected,
                    onSelect: setSelected,
                    actions: {
                      onEdit: (computer) => {
                        setEditing(computer);
                        form.open();
                      },
                      onMove: (computer) => setMoveTarget(single(computer)),
                      onAllot: (computer) => setAllotTarget(single(computer)),
                      onComments: (computer) => setNotes({ kind: 'comments', computer }),
                      onMessage: (computer) => setNotes({ kind: 'message', computer }),
                      onDelete: (computer) => confirmDelete([computer.id], computer.name),
                    },
                  }
                : null
            }
          />
          {data && data.computers.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {isFiltered
                ? 'No computers match your search.'
                : isManager
                  ? 'No computers yet. Add your first computer.'
                  : 'No computers are allotted to you yet.'}
            </Text>
          )}
          {data && (
            <ListFooter
              itemsLabel="Computers"
              page={page}
              pageSize={pageSize}
              total={data.total}
              onPage={(next) => {
                setPage(next);
                setSelected(new Set());
              }}
              onPageSize={(size) => {
                setPageSize(size);
                resetPaging();
              }}
            />
          )}
        </>
      )}

      {isManager && (
        <>
          <ComputerFormModal
            opened={isFormOpen}
            computer={editing}
            groups={groupList}
            onClose={form.close}
          />
          <GroupsModal
            opened={isGroupsOpen}
            onClose={groupsDialog.close}
            groups={groups.data?.groups}
          />
          <MoveModal target={moveTarget} groups={groupList} onClose={() => setMoveTarget(null)} />
          <AllotModal target={allotTarget} onClose={() => setAllotTarget(null)} />
          <NotesModal
            kind={notes.kind}
            computer={notes.computer}
            onClose={() => setNotes((current) => ({ ...current, computer: null }))}
          />
        </>
      )}
    </Stack>
  );
}
