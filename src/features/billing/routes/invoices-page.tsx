import {
  Anchor,
  Card,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatDisplayDay } from '../../../domain/formats';
import { OFFLINE_ACTION_HINT, useIsOnline } from '../../../offline/online-status';
import { useQueryFallback } from '../../../offline/query-state';
import { useShownQuery } from '../../../offline/shown-query';
import { invoicePdfUrl } from '../api/invoice-pdf';
import { useInvoices, type InvoiceQuery } from '../api/invoices';
import { ListPageHeader, RowsLoading } from '../components/list-page-parts';
import { StatusBadge } from '../components/status-badge';
import '../components/billing.css';

const PAGE_SIZE = 10;

/** An invoice's days are the document's own (UTC), as its PDF prints them. */
const shortDate = (iso: string) => formatDisplayDay(iso, { isUtc: true });

function SortHeader({
  label,
  field,
  query,
  onSort,
}: {
  label: string;
  field: InvoiceQuery['sort'];
  query: InvoiceQuery;
  onSort: (field: InvoiceQuery['sort']) => void;
}) {
  const isActive = query.sort === field;
  const direction = query.order === 'asc' ? 'ascending' : 'descending';
  return (
    <Table.Th aria-sort={isActive ? direction : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        {label} {isActive ? (query.order === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** An invoice's PDF: the server makes it, so offline it says why it cannot be downloaded. */
function PdfLink({ id, number, isOnline }: { id: string; number: string; isOnline: boolean }) {
  if (!isOnline) {
    return (
      <Text span size="sm" c="dimmed" title={OFFLINE_ACTION_HINT}>
        PDF
      </Text>
    );
  }
  return (
    <Anchor href={invoicePdfUrl(id)} download aria-label={`Download ${number} as PDF`}>
      PDF
    </Anchor>
  );
}

/** /invoice: the account's invoices, newest first, sortable and paged. */
export function InvoicesPage() {
  useDocumentTitle('Invoices');
  const [query, setQuery] = useState<InvoiceQuery>({
    page: 1,
    pageSize: PAGE_SIZE,
    sort: 'issuedAt',
    order: 'desc',
  });
  // The first page is drawn in a transition, its amounts with a formatter made beforehand.
  const invoices = useShownQuery(useInvoices(query));
  const isOnline = useIsOnline();
  const invoicesFallback = useQueryFallback(invoices, <RowsLoading label="Loading invoices" />);
  const onSort = (sort: InvoiceQuery['sort']) => {
    setQuery((current) => ({
      ...current,
      page: 1,
      sort,
      order: current.sort === sort && current.order === 'desc' ? 'asc' : 'desc',
    }));
  };

  return (
    <Stack gap="md" maw={1100}>
      <ListPageHeader title="Invoices" to="/transactions/preview" linkText="View transactions" />
      {invoicesFallback}
      {invoices.data && invoices.data.total === 0 && (
        <Card withBorder padding="lg">
          <Text>No invoices yet. Invoices appear here after your first payment.</Text>
        </Card>
      )}
      {invoices.data && invoices.data.total > 0 && (
        <Card withBorder padding={0}>
          <ScrollArea className="billing-table-wrap" type="auto">
            <Table striped highlightOnHover miw={640} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <SortHeader label="Invoice" field="number" query={query} onSort={onSort} />
                  <SortHeader label="Date" field="issuedAt" query={query} onSort={onSort} />
                  <Table.Th>Period</Table.Th>
                  <SortHeader label="Total" field="totalMinor" query={query} onSort={onSort} />
                  <Table.Th>Status</Table.Th>
                  <Table.Th>PDF</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoice/${invoice.id}`}>
                        {invoice.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{shortDate(invoice.issuedAt)}</Table.Td>
                    <Table.Td>
                      {shortDate(invoice.periodStart)} – {shortDate(invoice.periodEnd)}
                    </Table.Td>
                    <Table.Td>{formatMoney(invoice.totalMinor, invoice.currency)}</Table.Td>
                    <Table.Td>
                      <StatusBadge value={invoice.status} />
                    </Table.Td>
                    <Table.Td>
                      <PdfLink id={invoice.id} number={invoice.number} isOnline={isOnline} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
      {invoices.data && invoices.data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(invoices.data.total / PAGE_SIZE)}
          value={query.page}
          onChange={(page) => setQuery((current) => ({ ...current, page }))}
          getItemProps={(page) => ({ 'aria-label': `Page ${String(page)}` })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
