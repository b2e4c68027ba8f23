import { firstScreenMessages } from '../domain/messages-first-screen';
import { OopsScreen } from './oops-screen';

/** /reseller/addUser/linkExpired: an invitation link that can no longer be used. */
export function LinkExpiredScreen() {
  return <OopsScreen title={firstScreenMessages['error.screen.link.expired']} />;
}
