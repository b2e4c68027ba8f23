import {
  Anchor,
  Button,
  Card,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatRateBp } from '../../../domain/formats';
import { formatDisplayDate } from '../../../domain/dates';
import { useQueryFallback } from '../../../offline/query-state';
import { useShownQuery } from '../../../offline/shown-query';
import { transactionsCsvUrl, useTransactions, type DateRange } from '../api/transactions';
import { ListPageHeader, RowsLoading } from '../components/list-page-parts';
import { StatusBadge } from '../components/status-badge';
import '../components/billing.css';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function defaultRange(): DateRange {
  const today = new Date();
  const from = new Date(today);
  from.setUTCFullYear(today.getUTCFullYear() - 2);
  return { from: isoDay(from), to: isoDay(today) };
}

/** /transactions/preview: every charge, refund and failed attempt, by date range, as CSV too. */
export function TransactionsPage() {
  useDocumentTitle('Transactions');
  const [draft, setDraft] = useState<DateRange>(defaultRange);
  const [range, setRange] = useState<DateRange>(draft);
  // The first answer is drawn in a transition, its amounts with a formatter made beforehand.
  const transactions = useShownQuery(useTransactions(range));
  const transactionsFallback = useQueryFallback(
    transactions,
    <RowsLoading label="Loading transactions" />,
  );
  const isRangeValid = !draft.from || !draft.to || draft.from <= draft.to;

  return (
    <Stack gap="md" maw={1200}>
      <ListPageHeader title="Transactions" to="/invoice" linkText="View invoices" />
      <Card withBorder padding="md">
        <form
          aria-label="Date range"
          onSubmit={(event) => {
            event.preventDefault();
            if (isRangeValid) setRange(draft);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="From"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              value={draft.to}
              error={isRangeValid ? undefined : 'The start date must be on or before the end date'}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            />
            <Button type="submit" variant="default">
              Apply
            </Button>
            <Button component="a" href={transactionsCsvUrl(range)} download>
              Export CSV
            </Button>
          </Group>
        </form>
      </Card>
      {transactionsFallback}
      {transactions.data?.items.length === 0 && (
        <Card withBorder padding="lg">
          <Text>No transactions in this date range.</Text>
        </Card>
      )}
      {transactions.data && transactions.data.items.length > 0 && (
        <Card withBorder padding={0}>
          <ScrollArea className="billing-table-wrap" type="auto">
            <Table striped miw={900} verticalSpacing="sm" aria-label="Transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Card</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Tax (rate)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDisplayDate(row.createdAt)}</Table.Td>
                    <Table.Td>
                      <StatusBadge value={row.kind} />
                    </Table.Td>
                    <Table.Td>
                      {row.description}
                      {row.failureReason && (
                        <Text size="xs" c="red.9">
                          {row.failureReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {row.invoiceId ? (
                        <Anchor component={Link} to={`/invoice/${row.invoiceId}`}>
                          {row.invoiceNumber}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{row.card || '—'}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(
                        row.kind === 'refund' ? -row.amountMinor : row.amountMinor,
                        row.currency,
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(row.taxMinor, row.currency)} ({formatRateBp(row.rateBp)})
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
    </Stack>
  );
}
