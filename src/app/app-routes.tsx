import { Suspense, useEffect } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type RouteMatch,
  type RouteObject,
} from 'react-router-dom';
import { PageLoader } from '../ui/page-loader';
import { markFirstScreenShown } from './first-screen';
import { RouteErrorBoundary } from './route-error-boundary';
import type { RouteHandle } from './route-tree';

const handleOf = (match: RouteMatch): RouteHandle => (match.route.handle ?? {}) as RouteHandle;

/** The matched routes' guards, outermost first: the first that answers a path wins. */
function redirectFor(matches: readonly RouteMatch[]): string | null {
  for (const match of matches) {
    const target = handleOf(match).guard?.();
    if (target) return target;
  }
  return null;
}

/** Starts fetching every matched screen's code at once, instead of layout first, page after. */
function preload(matches: readonly RouteMatch[]): void {
  for (const match of matches) {
    // A chunk that fails to load is reported when React renders its lazy screen.
    handleOf(match)
      .preload?.()
      .catch(() => undefined);
  }
}

/**
 * Fetches the code of the screen `pathname` (under `basename`) will show, before React renders:
 * main.tsx calls it while the bootstrap calls are still out. Guards are local (no API call).
 */
export function preloadScreen(routes: RouteObject[], pathname: string, basename: string): void {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  if (redirectFor(matches) === null) preload(matches);
}

/** Marks the first screen as shown once React has put it on the page (see first-screen.ts). */
function FirstScreenMark() {
  useEffect(markFirstScreenShown, []);
  return null;
}

/**
 * The console's routes. Each guard runs before its route's screen (route-tree.tsx); the code of
 * every matched screen is fetched at once, while the previous screen stays up (React Router wraps
 * navigations in transitions); a screen that throws gets the error screen. A path a guard turns
 * away is not the first screen: the one it leads to is.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const matches = matchRoutes(routes, location) ?? [];
  const isTurnedAway = redirectFor(matches) !== null;
  if (!isTurnedAway) preload(matches);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <Suspense fallback={<PageLoader />}>
        {!isTurnedAway && <FirstScreenMark />}
        {element}
      </Suspense>
    </RouteErrorBoundary>
  );
}
