// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Link, MemoryRouter, Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes, preloadScreen } from '../../../src/app/app-routes';
import { toRouteObjects, type AppRoute } from '../../../src/app/route-tree';
import { renderWithMantine } from './form-test-utils';

/** Counts how many times the area's layout is mounted. */
const layoutMounted = vi.fn();

function Layout() {
  useEffect(() => {
    layoutMounted();
  }, []);
  return (
    <div>
      <Link to="/area">Area</Link>
      <Link to="/area/other">Other</Link>
      <Outlet />
    </div>
  );
}

function Broken(): never {
  throw new Error('this screen is broken');
}

/** A tree like the console's: a guarded lazy area with lazy pages, and a catch-all. */
function makeTree(isAllowed: () => boolean) {
  const loadLayout = vi.fn(() => Promise.resolve(Layout));
  const loadPage = vi.fn(() => Promise.resolve(() => <h1>Area page</h1>));
  const tree: AppRoute[] = [
    {
      path: '/',
      children: [
        { path: 'reseller/login', element: <h1>Login</h1> },
        {
          path: 'area',
          guard: () => (isAllowed() ? null : '/reseller/login'),
          page: loadLayout,
          children: [
            { index: true, guard: () => '/area/other' },
            { path: 'page', page: loadPage },
            { path: 'broken', element: <Broken /> },
            { path: 'other', element: <h1>Other page</h1> },
          ],
        },
        { path: '*', element: <h1>Not Found</h1> },
      ],
    },
  ];
  return { routes: toRouteObjects(tree), loadLayout, loadPage };
}

function renderAt(path: string, routes: ReturnType<typeof makeTree>['routes']) {
  return renderWithMantine(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={routes} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  layoutMounted.mockClear();
});

describe('AppRoutes', () => {
  it('shows a lazy page inside its lazy layout once their code is in', async () => {
    const { routes } = makeTree(() => true);
    renderAt('/area/page', routes);
    expect(await screen.findByRole('heading', { name: 'Area page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Other' })).toBeInTheDocument();
  });

  it('follows a guard that answers another path', async () => {
    const { routes, loadLayout } = makeTree(() => false);
    renderAt('/area/page', routes);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(loadLayout).not.toHaveBeenCalled();
  });

  it('follows the redirect of an index route without unmounting the layout around it', async () => {
    const { routes } = makeTree(() => true);
    renderAt('/area/page', routes);
    await screen.findByRole('heading', { name: 'Area page' });
    act(() => {
      screen.getByRole('link', { name: 'Area' }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(layoutMounted).toHaveBeenCalledTimes(1);
  });

  it('shows the catch-all screen for an unknown path', async () => {
    const { routes } = makeTree(() => true);
    renderAt('/no/such/page', routes);
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it('shows "Oops!" and "Something went wrong" for a screen that throws, until the path changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { routes } = makeTree(() => true);
    renderAt('/area/broken', routes);
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    act(() => {
      screen.getByRole('link', { name: /Take me back/ }).click();
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('preloadScreen fetches the layout and the page together, and nothing a guard turns away', () => {
    const allowed = makeTree(() => true);
    preloadScreen(allowed.routes, '/rpc-app/area/page', '/rpc-app');
    expect(allowed.loadLayout).toHaveBeenCalledTimes(1);
    expect(allowed.loadPage).toHaveBeenCalledTimes(1);

    const refused = makeTree(() => false);
    preloadScreen(refused.routes, '/rpc-app/area/page', '/rpc-app');
    expect(refused.loadLayout).not.toHaveBeenCalled();
    expect(refused.loadPage).not.toHaveBeenCalled();
  });
});
