import type { FieldKeys } from '../secrets';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import { nowIso } from '../clock';
import { encryptField } from '../crypto';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  maskTin,
  normaliseTin,
  partnerAccountMessages,
  w9FormProblems,
  type TinType,
  type W9Form,
  type W9Preview,
} from '../../../src/domain/api/partner-account';

/** Checks the W-9 and answers it as it will be filed, with the TIN masked to its last four. */
export function previewW9(form: W9Form, now = nowIso()): W9Preview {
  const [problem] = w9FormProblems(form, now.slice(0, 10));
  if (problem) {
    throw new AppError(errorCodes.RULE_FAILED, problem.message, { field: problem.field });
  }
  const tinType = form.tinType as TinType;
  const tin = normaliseTin(tinType, form.tin);
  return {
    companyNameW9: form.companyNameW9,
    dbanameW9: form.dbanameW9,
    federalTaxClassification: form.federalTaxClassification,
    federalTaxClassificationDetails: form.federalTaxClassificationDetails.toUpperCase(),
    address1W9: form.address1W9,
    address2W9: form.address2W9,
    requestersNameAddress: form.requestersNameAddress,
    tinType,
    maskedTin: maskTin(tin.slice(-4)),
    signature: form.signature,
    w9Date: form.w9Date,
  };
}

/**
 * Files the W-9: the TIN is encrypted at rest (AES-256-GCM) and only its last four digits are
 * kept in clear. A partner waiting for the W-9 moves on to the approval queue.
 */
export async function saveW9(
  db: Executor,
  fieldKey: FieldKeys,
  partnerId: string,
  form: W9Form,
): Promise<string> {
  const preview = previewW9(form);
  const partner = await db
    .selectFrom('partners')
    .select('account_status')
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (!partner || partner.account_status === 'CANCELLED') {
    throw new AppError(errorCodes.FORBIDDEN, partnerAccountMessages.w9NotAllowed);
  }
  const tin = normaliseTin(preview.tinType, form.tin);
  const status =
    partner.account_status === 'W9_PENDING' ? 'APPROVAL_PENDING' : partner.account_status;
  await db
    .updateTable('partners')
    .set({
      company_name_w9: preview.companyNameW9,
      dba_name_w9: preview.dbanameW9,
      federal_tax_classification: preview.federalTaxClassification,
      federal_tax_classification_details: preview.federalTaxClassificationDetails,
      address1_w9: preview.address1W9,
      address2_w9: preview.address2W9,
      requesters_name_address: preview.requestersNameAddress,
      tin_type: preview.tinType,
      tin_encrypted: encryptField(fieldKey, tin),
      tin_last4: tin.slice(-4),
      signature: preview.signature,
      w9_date: preview.w9Date,
      account_status: status,
      updated_at: nowIso(),
    })
    .where('id', '=', partnerId)
    .execute();
  return status;
}
