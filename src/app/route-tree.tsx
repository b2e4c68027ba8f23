import { lazy, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { Guarded } from './guarded';

/**
 * One route of the console's tree. The console uses React Router's declarative routes, not its
 * data router: the data router (loaders, route `lazy`, error elements) adds 16 KB gzip to the
 * sign-in page, and the console needs none of it beyond what this file and app-routes.tsx do.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  /** A local check run before the screen renders: where to go instead, or null to stay. */
  guard?: () => string | null;
  /** The screen's code, fetched on the first visit: each area is a chunk of its own. */
  page?: () => Promise<ComponentType>;
  /** A screen that is part of the main chunk. */
  element?: ReactNode;
  children?: AppRoute[];
}

/** What app-routes.tsx reads from a matched route. */
export interface RouteHandle {
  guard?: () => string | null;
  preload?: () => Promise<unknown>;
}

/** A promise-returning function that runs once; later calls get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/**
 * React Router route objects for `useRoutes`: a lazy screen becomes a React.lazy component whose
 * code can also be fetched ahead (`handle.preload`), before React reaches it. A guard wraps its
 * own route's element, so a redirect replaces that route only (the account index sends to the
 * settings tab without unmounting the console frame around it).
 */
export function toRouteObjects(tree: readonly AppRoute[]): RouteObject[] {
  return tree.map((route): RouteObject => {
    const preload = route.page && once(route.page);
    const Page = preload && lazy(() => preload().then((Component) => ({ default: Component })));
    const handle: RouteHandle = { guard: route.guard, preload };
    const screen = Page ? <Page /> : (route.element ?? <Outlet />);
    const element = route.guard ? <Guarded guard={route.guard}>{screen}</Guarded> : screen;
    if (route.index) return { index: true, element, handle };
    return {
      path: route.path,
      element,
      handle,
      children: route.children && toRouteObjects(route.children),
    };
  });
}

/** Every guard of a route tree, e.g. to check that none of them calls the API. */
export function collectGuards(tree: readonly AppRoute[]): (() => string | null)[] {
  return tree.flatMap((route) => [
    ...(route.guard ? [route.guard] : []),
    ...collectGuards(route.children ?? []),
  ]);
}
