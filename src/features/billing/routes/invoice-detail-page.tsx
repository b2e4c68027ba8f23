import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { formatMoney, formatDisplayDay, formatTaxLine } from '../../../domain/formats';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { useInvoiceDetail } from '../api/invoice-detail';
import { invoicePdfUrl } from '../api/invoice-pdf';
import { StatusBadge } from '../components/status-badge';
import '../components/billing.css';

/** An invoice's days are the document's own (UTC), as its PDF prints them. */
const shortDate = (iso: string) => formatDisplayDay(iso, { isUtc: true });

function Party({
  title,
  party,
}: {
  title: string;
  party: { name: string; lines: string[]; taxId: string };
}) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={700} tt="uppercase">
        {title}
      </Text>
      <Text fw={700}>{party.name}</Text>
      {party.lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      {party.taxId && <Text size="sm">{party.taxId}</Text>}
    </div>
  );
}

/**
 * /invoice/:invoiceID: the invoice as a sheet that prints on one A4/Letter page (print
 * stylesheet), and a server-generated PDF download.
 */
export function InvoiceDetailPage() {
  const { invoiceID = '' } = useParams();
  const invoice = useInvoiceDetail(invoiceID);
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');

  const fallback = useQueryFallback(invoice, <PageLoader label="Loading the invoice" />);
  if (invoice.data === undefined) return fallback;
  const data = invoice.data;
  const money = (minor: number) => formatMoney(minor, data.currency);

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap" data-print-hidden>
        <Anchor component={Link} to="/invoice">
          ← All invoices
        </Anchor>
        <Group gap="sm">
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          <Button component="a" href={invoicePdfUrl(data.id)} download>
            Download PDF
          </Button>
        </Group>
      </Group>
      <Card
        withBorder
        padding="xl"
        className="invoice-sheet"
        component="article"
        aria-labelledby="invoice-title"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <div>
              <Title order={1} id="invoice-title" size="h2">
                Invoice {data.number}
              </Title>
              <Text size="sm">Issued {shortDate(data.issuedAt)}</Text>
              <Text size="sm">
                Period {shortDate(data.periodStart)} – {shortDate(data.periodEnd)}
              </Text>
              {data.status === 'DUE' && <Text size="sm">Due {shortDate(data.dueAt)}</Text>}
              {data.paymentMethod && <Text size="sm">Payment method: {data.paymentMethod}</Text>}
            </div>
            <StatusBadge value={data.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Party title="From" party={data.seller} />
            <Party title="Bill to" party={data.buyer} />
          </SimpleGrid>
          <Table.ScrollContainer
            minWidth={420}
            // Scrolls sideways on a phone: keyboard users need to reach it (axe scrollable-region-focusable).
            scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Invoice lines' } }}
          >
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((line) => (
                  <Table.Tr key={line.description}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">{money(line.unitMinor)}</Table.Td>
                    <Table.Td ta="right">{money(line.amountMinor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    Subtotal
                  </Table.Th>
                  <Table.Td ta="right">{money(data.subtotalMinor)}</Table.Td>
                </Table.Tr>
                {data.taxLines.map((line) => (
                  <Table.Tr key={line.label}>
                    <Table.Th colSpan={3} ta="right">
                      {formatTaxLine(line.label, line.rateBp)}
                    </Table.Th>
                    <Table.Td ta="right">{money(line.amountMinor)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th colSpan={3} ta="right">
                    Total
                  </Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {money(data.totalMinor)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {data.notes.map((note) => (
            <Text key={note} size="sm">
              {note}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
