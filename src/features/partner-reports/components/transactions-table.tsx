import { Badge } from '@mantine/core';
import type { CommissionStatus, TransactionRow } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';
import { formatDay } from './report-day';
import { PagedTable, type Column } from './paged-table';

const statusColors: Readonly<Record<CommissionStatus, string>> = {
  pending: 'orange.9',
  approved: 'blue.9',
  paid: 'teal.9',
};

/** Every commission of the range, newest first, with its status and payout. */
export function TransactionsTable({
  rows,
  currency,
  caption,
}: {
  rows: TransactionRow[];
  currency: string;
  caption: string;
}) {
  const columns: Column<TransactionRow>[] = [
    {
      key: 'date',
      label: 'Date',
      render: (r) => formatDay(r.date),
      sortValue: (r) => Date.parse(r.date),
    },
    {
      key: 'customer',
      label: 'Customer',
      render: (r) => r.customerName,
      sortValue: (r) => r.customerName,
    },
    { key: 'kind', label: 'Type', render: (r) => (r.kind === 'bounty' ? 'Bounty' : 'Referral') },
    {
      key: 'payment',
      label: 'Payment',
      render: (r) => formatMoney(r.paymentMinor, currency),
      align: 'right',
    },
    {
      key: 'commission',
      label: 'Commission',
      render: (r) => formatMoney(r.commissionMinor, currency),
      sortValue: (r) => r.commissionMinor,
      align: 'right',
    },
    {
      key: 'status',
      label: 'Status',
      render: (r) => (
        <Badge variant="light" color={statusColors[r.status]}>
          {r.status}
        </Badge>
      ),
      sortValue: (r) => r.status,
    },
    {
      key: 'payout',
      label: 'Paid to',
      render: (r) =>
        r.status === 'paid' ? `${r.payoutPaypalEmail} (${formatDay(r.paidAt)})` : '—',
    },
  ];
  return (
    <PagedTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      caption={caption}
      empty="No commissions in this range."
      initialSort="date"
    />
  );
}

export const transactionCsvRows = (rows: TransactionRow[], currency: string) =>
  rows.map((r) => ({
    Date: r.date.slice(0, 10),
    Customer: r.customerName,
    Email: r.customerEmail,
    Type: r.kind,
    [`Payment (${currency})`]: (r.paymentMinor / 100).toFixed(2),
    [`Commission (${currency})`]: (r.commissionMinor / 100).toFixed(2),
    Status: r.status,
    'Paid on': r.paidAt.slice(0, 10),
    'Paid to': r.payoutPaypalEmail,
  }));
