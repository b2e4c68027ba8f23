import {
  Button,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { activityActionLabel } from '../../../domain/api/activity-actions';
import type { ActivityLogQuery, ActivitySortField } from '../../../domain/api/reseller-account';
import { defaultReportRange, formatDisplayDate } from '../../../domain/dates';
import { TOAST_DURATION_MS } from '../../../domain/limits';
import { GENERIC_ERROR_TEXT, isApiError } from '../../../lib/http/api-error';
import { useQueryFallback } from '../../../offline/query-state';
import { getActivityLog, useActivityLog } from '../api/get-activity-log';
import { activityCsv, downloadCsv } from '../components/activity-csv';
import { ActivityFilters, type ActivityFilterValues } from '../components/activity-filters';

const PAGE_SIZES = ['25', '50', '100'];
/** The export takes every filtered entry up to the server's page-size bound. */
const EXPORT_LIMIT = 5000;

interface Column {
  key: string;
  label: string;
  sort?: ActivitySortField;
}

const columns: Column[] = [
  { key: 'date', label: 'Date', sort: 'created_at' },
  { key: 'user', label: 'User', sort: 'user' },
  { key: 'action', label: 'Action', sort: 'action' },
  { key: 'target', label: 'Target' },
  { key: 'ip', label: 'IP address', sort: 'ip' },
  { key: 'agent', label: 'Device' },
];

/** /activityLog and /activity-log-support: the account's activity, filtered, sorted, paged. */
export function ActivityLogPage() {
  const [filters, setFilters] = useState<ActivityFilterValues>(() => ({
    ...defaultReportRange(),
    user: '',
    category: '',
  }));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<ActivitySortField>('created_at');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [isExporting, setIsExporting] = useState(false);

  const query: ActivityLogQuery = {
    from: filters.from,
    to: filters.to,
    user: filters.user,
    ...(filters.category ? { category: filters.category } : {}),
    page,
    pageSize,
    sort,
    order,
  };
  const log = useActivityLog(query);
  const data = log.data;
  const logFallback = useQueryFallback(
    log,
    <Stack gap="xs" aria-busy="true" aria-label="Loading activity">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={28} />
      ))}
    </Stack>,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const sortBy = (field: ActivitySortField) => {
    if (field === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(field);
      setOrder(field === 'created_at' ? 'desc' : 'asc');
    }
    setPage(1);
  };

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const all = await getActivityLog({ ...query, page: 1, pageSize: EXPORT_LIMIT });
      downloadCsv(`activity-log-${filters.from}-to-${filters.to}.csv`, activityCsv(all.entries));
    } catch (error) {
      notifications.show({
        color: 'red',
        message: isApiError(error) ? error.message : GENERIC_ERROR_TEXT,
        autoClose: TOAST_DURATION_MS,
      });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Activity Log
        </Title>
        <Button
          variant="default"
          onClick={() => void exportCsv()}
          loading={isExporting}
          disabled={!data || data.total === 0}
        >
          Export CSV
        </Button>
      </Group>
      <ActivityFilters
        value={filters}
        isLoading={log.isFetching}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {!data ? (
        logFallback
      ) : data.total === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No activity matches these filters.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total} {data.total === 1 ? 'entry' : 'entries'}
          </Text>
          <Table.ScrollContainer minWidth={820} type="native">
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      aria-sort={
                        column.sort && column.sort === sort
                          ? order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                    >
                      {column.sort ? (
                        <UnstyledButton
                          fw={700}
                          fz="sm"
                          onClick={() => {
                            if (column.sort) sortBy(column.sort);
                          }}
                        >
                          {column.label}
                          {column.sort === sort ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(entry.created_at)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.user_name || entry.user_email || '—'}</Text>
                      {entry.user_name && (
                        <Text size="xs" c="dimmed">
                          {entry.user_email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{activityActionLabel(entry.action)}</Table.Td>
                    <Table.Td>{entry.target || '—'}</Table.Td>
                    <Table.Td>{entry.ip || '—'}</Table.Td>
                    <Table.Td>
                      <Text size="xs" lineClamp={2} title={entry.user_agent} maw={260}>
                        {entry.user_agent || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Select
              label="Rows per page"
              size="xs"
              w={130}
              data={PAGE_SIZES}
              value={String(pageSize)}
              onChange={(next) => {
                setPageSize(Number(next ?? '25'));
                setPage(1);
              }}
              allowDeselect={false}
            />
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
