// Bundled by scripts/bench-offline.mjs and run in Chromium on the console's origin: stores
// activity-log entries in the console's own offline database (src/offline/store.ts, real
// IndexedDB), then reads them back newest first and renders them as the activity log's table.
import { MantineProvider, Table } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { readActivityEntries, saveActivityEntries, wipeAccountData } from '../src/offline/store';

interface Entry {
  id: string;
  time: string;
  user: string;
  action: string;
  ip: string;
}

const ACCOUNT = 'reseller:bench';

function entries(count: number): Entry[] {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    time: new Date(start + i * 60_000).toISOString(),
    user: `user${String(i % 40)}@example.com`,
    action: i % 3 === 0 ? 'User signed in' : 'Computer added',
    ip: `10.0.${String(i % 250)}.${String(i % 200)}`,
  }));
}

function EntryTable({ rows }: { rows: Entry[] }) {
  return (
    <Table striped>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.time}</Table.Td>
            <Table.Td>{row.user}</Table.Td>
            <Table.Td>{row.action}</Table.Td>
            <Table.Td>{row.ip}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Times, in ms: storing `count` entries, reading them back, rendering them. */
async function run(count: number): Promise<{ storeMs: number; readMs: number; renderMs: number }> {
  await wipeAccountData(ACCOUNT);
  const rows = entries(count);
  const t0 = performance.now();
  await saveActivityEntries(
    ACCOUNT,
    rows.map((row) => ({ id: row.id, time: row.time, data: row })),
  );
  const t1 = performance.now();
  const stored = await readActivityEntries(ACCOUNT, { offset: 0, limit: count });
  const t2 = performance.now();
  const container = document.createElement('div');
  document.body.append(container);
  await new Promise<void>((resolve) => {
    createRoot(container).render(
      <MantineProvider>
        <EntryTable rows={stored.map((row) => row.data as Entry)} />
      </MantineProvider>,
    );
    // The frame after the commit: the rows are laid out and painted.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  const t3 = performance.now();
  if (container.querySelectorAll('tr').length !== count) throw new Error('not every row rendered');
  await wipeAccountData(ACCOUNT);
  return { storeMs: t1 - t0, readMs: t2 - t1, renderMs: t3 - t2 };
}

declare global {
  interface Window {
    benchActivityLog?: typeof run;
  }
}
window.benchActivityLog = run;
