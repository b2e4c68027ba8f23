import { formatMessage } from '../domain/messages';
import { OopsScreen } from './oops-screen';

/** /reseller/addUser/linkExpired: an invitation link that can no longer be used. */
export function LinkExpiredScreen() {
  return <OopsScreen title={formatMessage('error.screen.link.expired')} />;
}
