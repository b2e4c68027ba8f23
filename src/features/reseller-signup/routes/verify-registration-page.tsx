import { signupMessages } from '../../../domain/api/signup';
import { SingleUseLinkPage } from '../../../ui/single-use-link-page';
import { processRegistration } from '../api/signup';

/** /reseller/registration/verify?token=…: the signup's mailed link verifies the e-mail address. */
export function VerifyRegistrationPage() {
  return (
    <SingleUseLinkPage
      title="Verify e-mail address"
      missingText={signupMessages.linkExpired}
      busyLabel="Verifying your e-mail address"
      redeem={processRegistration}
    />
  );
}
