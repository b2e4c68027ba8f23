import { paths } from '../lib/paths';
import { ErrorScreen } from './error-screen';
import { toRouteObjects, type AppRoute } from './route-tree';
import { partnerRoutes } from './routes-partner';
import { publicRoutes } from './routes-public';
import { resellerRoutes } from './routes-reseller';

/**
 * The whole route tree under the /rpc-app base (spec section 2). Only screens that work are
 * listed; each area's code is a separate chunk, so the sign-in page loads little. Later issues
 * add their routes to the public, reseller or partner list.
 */
export const routes: AppRoute[] = [
  {
    path: paths.root,
    children: [
      ...publicRoutes,
      resellerRoutes,
      partnerRoutes,
      {
        // Unknown paths get the error screen with "Not Found".
        path: '*',
        element: <ErrorScreen statusText="Not Found" />,
      },
    ],
  },
];

/** The tree as React Router route objects, built once (see route-tree.tsx). */
export const routeObjects = toRouteObjects(routes);
