import { Button, Group, Select, Stack } from '@mantine/core';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  monthLabel,
  programNames,
  type PartnerProgram,
  type RangeType,
} from '../../../domain/api/partner-reports';
import { useUserReport } from '../api/get-user-report';
import { CsvButton } from '../components/csv-button';
import { CustomerTable, customerCsvRows } from '../components/customer-table';
import { ProgramSwitch } from '../components/program-switch';
import { writeRangeType } from '../components/range-type-storage';
import { RangeTypeSwitch } from '../components/range-type-switch';
import { ReportBody } from '../components/report-body';
import { defaultViewPath, reportPaths } from '../components/report-urls';

type Mode = 'quarterly' | 'monthly';

const thisYear = new Date().getFullYear();
const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
const months = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: monthLabel(2000, i + 1).slice(0, 3),
}));

function QuarterPicker({
  program,
  quarter,
  year,
}: {
  program: PartnerProgram;
  quarter: string;
  year: string;
}) {
  const navigate = useNavigate();
  const go = (q: string, y: string) =>
    void navigate(reportPaths.quarterly(program, Number(q), Number(y)));
  return (
    <Group gap="sm" wrap="wrap">
      <Select
        label="Quarter"
        w={120}
        data={['1', '2', '3', '4'].map((q) => ({ value: q, label: `Q${q}` }))}
        value={quarter}
        allowDeselect={false}
        onChange={(q) => {
          if (q) go(q, year);
        }}
      />
      <Select
        label="Year"
        w={120}
        data={years.includes(year) ? years : [year, ...years]}
        value={year}
        allowDeselect={false}
        onChange={(y) => {
          if (y) go(quarter, y);
        }}
      />
    </Group>
  );
}

function MonthRangePicker({
  program,
  params,
}: {
  program: PartnerProgram;
  params: { fm: string; fy: string; tm: string; ty: string };
}) {
  const navigate = useNavigate();
  // Keyed by the URL's range, so a new URL starts from its own values.
  const [value, setValue] = useState(params);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void navigate(
      reportPaths.monthly(
        program,
        Number(value.fm),
        Number(value.fy),
        Number(value.tm),
        Number(value.ty),
      ),
    );
  };
  const yearData = (y: string) => (years.includes(y) ? years : [y, ...years]);
  return (
    <form onSubmit={submit} aria-label="Month range">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="From month"
          w={110}
          data={months}
          value={value.fm}
          allowDeselect={false}
          onChange={(v) => {
            if (v) setValue({ ...value, fm: v });
          }}
        />
        <Select
          label="From year"
          w={100}
          data={yearData(value.fy)}
          value={value.fy}
          allowDeselect={false}
          onChange={(v) => {
            if (v) setValue({ ...value, fy: v });
          }}
        />
        <Select
          label="To month"
          w={110}
          data={months}
          value={value.tm}
          allowDeselect={false}
          onChange={(v) => {
            if (v) setValue({ ...value, tm: v });
          }}
        />
        <Select
          label="To year"
          w={100}
          data={yearData(value.ty)}
          value={value.ty}
          allowDeselect={false}
          onChange={(v) => {
            if (v) setValue({ ...value, ty: v });
          }}
        />
        <Button type="submit">Apply</Button>
      </Group>
    </form>
  );
}

/** The four referral views: /referral/{rpc,hd}/{quarterly/:quarter/:year, monthly/:from_month/...}. */
function ReferralView({ program, mode }: { program: PartnerProgram; mode: Mode }) {
  const navigate = useNavigate();
  const params = useParams();
  const range =
    mode === 'quarterly'
      ? { quarter: params.quarter ?? '', year: params.year ?? '' }
      : {
          from_month: params.from_month ?? '',
          from_year: params.from_year ?? '',
          to_month: params.to_month ?? '',
          to_year: params.to_year ?? '',
        };
  const query = useUserReport('referral', program, range);
  useEffect(() => {
    writeRangeType(program, mode);
  }, [program, mode]);
  const changeType = (type: RangeType) => {
    writeRangeType(program, type);
    void navigate(
      type === 'dates'
        ? `${reportPaths.referral}?program=${program}`
        : defaultViewPath(program, type),
    );
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <ProgramSwitch
          value={program}
          onChange={(next) => void navigate(defaultViewPath(next, mode))}
        />
        <RangeTypeSwitch value={mode} onChange={changeType} />
      </Group>
      {mode === 'quarterly' ? (
        <QuarterPicker
          program={program}
          quarter={params.quarter ?? '1'}
          year={params.year ?? String(thisYear)}
        />
      ) : (
        <MonthRangePicker
          key={`${params.from_month ?? ''}-${params.from_year ?? ''}-${params.to_month ?? ''}-${params.to_year ?? ''}`}
          program={program}
          params={{
            fm: params.from_month ?? '1',
            fy: params.from_year ?? String(thisYear),
            tm: params.to_month ?? '1',
            ty: params.to_year ?? String(thisYear),
          }}
        />
      )}
      <ReportBody
        query={query}
        exportButton={(data) => (
          <CsvButton
            fileName={`referral-${program}-${data.range.from}-${data.range.to}.csv`}
            rows={customerCsvRows(data.rows, data.currency)}
          />
        )}
        table={(data) => (
          <CustomerTable
            rows={data.rows}
            totals={data.totals}
            currency={data.currency}
            caption={`${programNames[program]} referral commissions per customer`}
          />
        )}
      />
    </Stack>
  );
}

export const RpcQuarterlyPage = () => <ReferralView program="rpc" mode="quarterly" />;
export const RpcMonthlyPage = () => <ReferralView program="rpc" mode="monthly" />;
export const HdQuarterlyPage = () => <ReferralView program="hd" mode="quarterly" />;
export const HdMonthlyPage = () => <ReferralView program="hd" mode="monthly" />;

/** The bare sub-routes (/referral/rpc/quarterly, ...) open the current period. */
export function DefaultViewRedirect({ program, mode }: { program: PartnerProgram; mode: Mode }) {
  return <Navigate to={defaultViewPath(program, mode)} replace />;
}
export const RpcQuarterlyDefault = () => <DefaultViewRedirect program="rpc" mode="quarterly" />;
export const RpcMonthlyDefault = () => <DefaultViewRedirect program="rpc" mode="monthly" />;
export const HdQuarterlyDefault = () => <DefaultViewRedirect program="hd" mode="quarterly" />;
export const HdMonthlyDefault = () => <DefaultViewRedirect program="hd" mode="monthly" />;
