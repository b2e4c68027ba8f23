import { Table } from '@mantine/core';
import type { CustomerRow, ReportTotals } from '../../../domain/api/partner-reports';
import { formatMoney } from '../../../domain/formats';
import { formatDay } from './report-day';
import { PagedTable, type Column } from './paged-table';

/** Commissions per referred customer, with the range's totals in the footer. */
export function CustomerTable({
  rows,
  totals,
  currency,
  caption,
}: {
  rows: CustomerRow[];
  totals: ReportTotals;
  currency: string;
  caption: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const columns: Column<CustomerRow>[] = [
    {
      key: 'customer',
      label: 'Customer',
      render: (r) => (
        <>
          {r.customerName}
          <br />
          <small>{r.customerEmail}</small>
        </>
      ),
      sortValue: (r) => r.customerName,
    },
    {
      key: 'signup',
      label: 'Signed up',
      render: (r) => formatDay(r.signupDate),
      sortValue: (r) => Date.parse(r.signupDate),
    },
    {
      key: 'last',
      label: 'Last payment',
      render: (r) => formatDay(r.lastPaymentDate),
      sortValue: (r) => Date.parse(r.lastPaymentDate),
    },
    {
      key: 'payments',
      label: 'Payments',
      render: (r) => r.payments,
      sortValue: (r) => r.payments,
      align: 'right',
    },
    {
      key: 'amount',
      label: 'Paid by customer',
      render: (r) => money(r.paymentsMinor),
      sortValue: (r) => r.paymentsMinor,
      align: 'right',
    },
    {
      key: 'commission',
      label: 'Commission',
      render: (r) => money(r.commissionMinor),
      sortValue: (r) => r.commissionMinor,
      align: 'right',
    },
    { key: 'pending', label: 'Pending', render: (r) => money(r.pendingMinor), align: 'right' },
    { key: 'paid', label: 'Paid', render: (r) => money(r.paidMinor), align: 'right' },
  ];
  return (
    <PagedTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.referralId}
      caption={caption}
      empty="No commissions in this range."
      initialSort="commission"
      footer={
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">Total ({totals.customers} customers)</Table.Th>
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right">{totals.payments}</Table.Td>
            <Table.Td ta="right">{money(totals.paymentsMinor)}</Table.Td>
            <Table.Td ta="right">{money(totals.commissionMinor)}</Table.Td>
            <Table.Td ta="right">{money(totals.pendingMinor)}</Table.Td>
            <Table.Td ta="right">{money(totals.paidMinor)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      }
    />
  );
}

export const customerCsvRows = (rows: CustomerRow[], currency: string) =>
  rows.map((r) => ({
    Customer: r.customerName,
    Email: r.customerEmail,
    'Signed up': r.signupDate,
    'Last payment': r.lastPaymentDate,
    Payments: r.payments,
    [`Paid by customer (${currency})`]: (r.paymentsMinor / 100).toFixed(2),
    [`Commission (${currency})`]: (r.commissionMinor / 100).toFixed(2),
    [`Pending (${currency})`]: (r.pendingMinor / 100).toFixed(2),
    [`Approved (${currency})`]: (r.approvedMinor / 100).toFixed(2),
    [`Paid (${currency})`]: (r.paidMinor / 100).toFixed(2),
  }));
