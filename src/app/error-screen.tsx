import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { formatMessage } from '../domain/messages';
import { OopsScreen } from './oops-screen';

/** The root route's error element: "Oops!" and the route error's status text (spec section 2). */
export function ErrorScreen() {
  const error = useRouteError();
  const statusText = isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <OopsScreen
      title={formatMessage('error.screen.title')}
      detail={statusText || formatMessage('route.error')}
    />
  );
}
