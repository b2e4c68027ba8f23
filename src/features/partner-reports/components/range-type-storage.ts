import { REFERRAL_RANGE_KEY_MARKER } from '../../../domain/constants';
import type { PartnerProgram, RangeType } from '../../../domain/api/partner-reports';

// The chosen range type of each referral report lives in sessionStorage under a key containing
// "refferral_range_type_" (spelled as in the spec), which logout removes.
const keyOf = (program: PartnerProgram) => `${REFERRAL_RANGE_KEY_MARKER}${program}`;

export function readRangeType(program: PartnerProgram): RangeType | null {
  try {
    const value = window.sessionStorage.getItem(keyOf(program));
    return value === 'dates' || value === 'quarterly' || value === 'monthly' ? value : null;
  } catch {
    return null;
  }
}

export function writeRangeType(program: PartnerProgram, type: RangeType): void {
  try {
    window.sessionStorage.setItem(keyOf(program), type);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
