import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { RangeType } from '../../../domain/api/partner-reports';
import { defaultReportRange } from '../../../domain/dates';
import { useTransactions } from '../api/get-transactions';
import { CsvButton } from '../components/csv-button';
import { DateRangeForm, type DateRange } from '../components/date-range-form';
import { ProgramSwitch } from '../components/program-switch';
import { readRangeType, writeRangeType } from '../components/range-type-storage';
import { RangeTypeSwitch } from '../components/range-type-switch';
import { ReportBody } from '../components/report-body';
import { TransactionsTable, transactionCsvRows } from '../components/transactions-table';
import { UnconfirmedUsers } from '../components/unconfirmed-users';
import { defaultViewPath } from '../components/report-urls';

/**
 * /partner/newcommissionreport/referral: the date-based view (default last 7 days) of a
 * product's commissions. A remembered quarterly or monthly choice opens that view instead.
 */
export function ReferralReportPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const program = searchParams.get('program') === 'hd' ? 'hd' : 'rpc';
  const stored = readRangeType(program);
  const [range, setRange] = useState<DateRange>(() => defaultReportRange());
  const query = useTransactions(program, { from: range.from, to: range.to });

  if (stored === 'quarterly' || stored === 'monthly') {
    return <Navigate to={defaultViewPath(program, stored)} replace />;
  }
  const changeType = (type: RangeType) => {
    writeRangeType(program, type);
    if (type !== 'dates') void navigate(defaultViewPath(program, type));
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <ProgramSwitch
          value={program}
          onChange={(next) => {
            setSearchParams({ program: next }, { replace: true });
          }}
        />
        <RangeTypeSwitch value="dates" onChange={changeType} />
      </Group>
      <DateRangeForm value={range} onApply={setRange} isLoading={query.isFetching} />
      <ReportBody
        query={query}
        exportButton={(data) => (
          <CsvButton
            fileName={`commissions-${program}-${range.from}-${range.to}.csv`}
            rows={transactionCsvRows(data.rows, data.currency)}
          />
        )}
        table={(data) => (
          <TransactionsTable rows={data.rows} currency={data.currency} caption="Commissions" />
        )}
      />
      <UnconfirmedUsers program={program} />
    </Stack>
  );
}
