import { firstScreenMessages } from '../domain/messages-first-screen';
import { OopsScreen } from './oops-screen';

/**
 * "Oops!" and what went wrong (spec section 2): "Not Found" for an unknown path, "Something went
 * wrong" when a screen fails to render or its code fails to load.
 */
export function ErrorScreen({ statusText }: { statusText?: string }) {
  return (
    <OopsScreen
      title={firstScreenMessages['error.screen.title']}
      detail={statusText || firstScreenMessages['route.error']}
    />
  );
}
