// Bundled by scripts/bench-offline.mjs and run in Chromium on the console's origin: stores
// activity-log entries in the console's own offline database (src/offline/store.ts, real
// IndexedDB), then times the offline activity log's first rows: the stored answer of a query
// (src/features/activity-log/api/stored-activity.ts, as the screen asks for it offline) rendered
// as the screen's table, until the frame after the commit. For comparison, the same first rows
// the way the screen found them before IndexedDB filtered and paged: every entry read, then
// filtered, sorted and paged in memory.
import { MantineProvider, Table, Text } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import type { ActivityEntry, ActivityLogQuery } from '../src/domain/api/reseller-account';
import { defaultReportRange, formatDisplayDate } from '../src/domain/dates';
import {
  answerFromEntries,
  storedActivityAnswer,
} from '../src/features/activity-log/api/stored-activity';
import { readActivityMatching, saveActivityEntries, wipeAccountData } from '../src/offline/store';

const ACCOUNT = 'reseller:bench';

function entries(count: number): ActivityEntry[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    // One every 30 s back from now: 10,000 entries span 3.5 days, inside the default 7 days.
    created_at: new Date(now - i * 30_000).toISOString(),
    action: i % 3 === 0 ? 'user.signin' : 'computer.add',
    action_label: i % 3 === 0 ? 'Signed in' : 'Computer added',
    category: i % 3 === 0 ? 'login' : 'computers',
    user_id: `u${String(i % 40)}`,
    user_name: `User ${String(i % 40)}`,
    user_email: `user${String(i % 40)}@example.com`,
    ip: `10.0.${String(i % 250)}.${String(i % 200)}`,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    target: `PC-${String(i % 500)}`,
  }));
}

/** The activity log screen's rows (activity-log-page.tsx), without its sort buttons. */
function EntryTable({ rows }: { rows: ActivityEntry[] }) {
  return (
    <Table striped>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDisplayDate(row.created_at)}</Table.Td>
            <Table.Td>
              <Text size="sm">{row.user_name}</Text>
              <Text size="xs" c="dimmed">
                {row.user_email}
              </Text>
            </Table.Td>
            <Table.Td>{row.action_label}</Table.Td>
            <Table.Td>{row.target}</Table.Td>
            <Table.Td>{row.ip}</Table.Td>
            <Table.Td>
              <Text size="xs" lineClamp={2}>
                {row.user_agent}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Renders `rows` and resolves on the frame after the commit: the rows are laid out and painted. */
async function paint(rows: ActivityEntry[]): Promise<void> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await new Promise<void>((resolve) => {
    root.render(
      <MantineProvider>
        <EntryTable rows={rows} />
      </MantineProvider>,
    );
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  if (container.querySelectorAll('tr').length !== rows.length) throw new Error('rows missing');
  root.unmount();
  container.remove();
}

/** ms from asking for `query`'s answer to its rows painted. */
async function firstRowsMs(query: ActivityLogQuery): Promise<number> {
  const started = performance.now();
  const answer = await storedActivityAnswer(ACCOUNT, query);
  if (!answer || answer.data.entries.length === 0) {
    throw new Error(`nothing stored for ${JSON.stringify(query)}`);
  }
  await paint(answer.data.entries);
  return performance.now() - started;
}

/** How many stored entries match `query`. */
async function total(query: ActivityLogQuery): Promise<number> {
  return (await storedActivityAnswer(ACCOUNT, query))?.data.total ?? 0;
}

/** The same, the way it was done before: every entry read, then filtered and paged in memory. */
async function inMemoryMs(query: ActivityLogQuery): Promise<number> {
  const started = performance.now();
  const rows = await readActivityMatching(ACCOUNT, {
    from: Number.NEGATIVE_INFINITY,
    to: Number.POSITIVE_INFINITY,
  });
  const answer = answerFromEntries(
    rows.map((row) => row.data as ActivityEntry),
    query,
  );
  await paint(answer.entries);
  return performance.now() - started;
}

export interface OfflineRun {
  storeMs: number;
  firstRowsMs: number;
  byUserMs: number;
  lastPageMs: number;
  byIpMs: number;
  inMemoryMs: number;
}

/** Times, in ms, over `count` stored entries (stored once per run, then wiped). */
async function run(count: number): Promise<OfflineRun> {
  await wipeAccountData(ACCOUNT);
  const rows = entries(count);
  const t0 = performance.now();
  await saveActivityEntries(
    ACCOUNT,
    rows.map((row) => ({ id: row.id, time: row.created_at, data: row })),
  );
  const storeMs = performance.now() - t0;
  const first: ActivityLogQuery = { ...defaultReportRange(), page: 1, pageSize: 25 };
  const result = {
    storeMs,
    firstRowsMs: await firstRowsMs(first),
    byUserMs: await firstRowsMs({ ...first, user: 'u7' }),
    lastPageMs: await firstRowsMs({ ...first, page: Math.ceil((await total(first)) / 25) }),
    byIpMs: await firstRowsMs({ ...first, sort: 'ip', order: 'asc' }),
    inMemoryMs: await inMemoryMs(first),
  };
  await wipeAccountData(ACCOUNT);
  return result;
}

declare global {
  interface Window {
    benchActivityLog?: typeof run;
  }
}
window.benchActivityLog = run;
