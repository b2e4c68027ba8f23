import { emailChangeMessages } from '../../../domain/api/reseller-account';
import { SingleUseLinkPage } from '../../../ui/single-use-link-page';
import { confirmEmailChange } from '../api/confirm-email';

/** /reseller/confirmEmail?token=…: opening the mailed link confirms the new e-mail address. */
export function ConfirmEmailPage() {
  return (
    <SingleUseLinkPage
      title="Confirm e-mail address"
      missingText={emailChangeMessages.linkExpired}
      busyLabel="Confirming your new e-mail address"
      redeem={confirmEmailChange}
    />
  );
}
