import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { defaultReportRange } from '../../../domain/dates';
import { useUserReport } from '../api/get-user-report';
import { CsvButton } from '../components/csv-button';
import { CustomerTable, customerCsvRows } from '../components/customer-table';
import { DateRangeForm, type DateRange } from '../components/date-range-form';
import { ProgramSwitch } from '../components/program-switch';
import { ReportBody } from '../components/report-body';

/** /partner/newcommissionreport/bounty: bounty commissions by date range (default last 7 days). */
export function BountyReportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const program = searchParams.get('program') === 'hd' ? 'hd' : 'rpc';
  const [range, setRange] = useState<DateRange>(() => defaultReportRange());
  const query = useUserReport('bounty', program, { from: range.from, to: range.to });
  return (
    <Stack gap="md">
      <ProgramSwitch
        value={program}
        onChange={(next) => {
          setSearchParams({ program: next }, { replace: true });
        }}
      />
      <DateRangeForm value={range} onApply={setRange} isLoading={query.isFetching} />
      <ReportBody
        query={query}
        exportButton={(data) => (
          <CsvButton
            fileName={`bounty-${program}-${range.from}-${range.to}.csv`}
            rows={customerCsvRows(data.rows, data.currency)}
          />
        )}
        table={(data) => (
          <CustomerTable
            rows={data.rows}
            totals={data.totals}
            currency={data.currency}
            caption="Bounty commissions per customer"
          />
        )}
      />
    </Stack>
  );
}
