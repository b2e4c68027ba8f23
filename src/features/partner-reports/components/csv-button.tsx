import { Button } from '@mantine/core';
import { toCsv } from '../../../domain/csv';

/** Downloads rows as a CSV file made in the browser from the report already on screen. */
export function CsvButton({
  fileName,
  rows,
  disabled,
}: {
  fileName: string;
  rows: Record<string, string | number>[];
  disabled?: boolean;
}) {
  const download = () => {
    const csv = toCsv(rows);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };
  return (
    <Button variant="default" size="sm" onClick={download} disabled={disabled || rows.length === 0}>
      Export CSV
    </Button>
  );
}
