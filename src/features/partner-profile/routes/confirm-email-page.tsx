import { partnerProfileMessages } from '../../../domain/api/partner-account';
import { SingleUseLinkPage } from '../../../ui/single-use-link-page';
import { confirmPartnerEmail } from '../api/confirm-email';

/** /partner/confirmEmail?token=…: opening the mailed link makes the new address the sign-in. */
export function PartnerConfirmEmailPage() {
  return (
    <SingleUseLinkPage
      title="Confirm email address"
      missingText={partnerProfileMessages.linkExpired}
      busyLabel="Confirming your new email address"
      redeem={confirmPartnerEmail}
    />
  );
}
