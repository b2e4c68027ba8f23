import { SegmentedControl } from '@mantine/core';
import {
  partnerPrograms,
  programNames,
  type PartnerProgram,
} from '../../../domain/api/partner-reports';

/** Remote access or helpdesk. */
export function ProgramSwitch({
  value,
  onChange,
}: {
  value: PartnerProgram;
  onChange: (program: PartnerProgram) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Product"
      value={value}
      onChange={(next) => {
        onChange(next === 'hd' ? 'hd' : 'rpc');
      }}
      data={partnerPrograms.map((program) => ({ value: program, label: programNames[program] }))}
    />
  );
}
