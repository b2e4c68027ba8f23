import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../ui/page-loader';

/** A guard's answer: another console path, or a page outside the console (full navigation). */
function Redirect({ to }: { to: string }) {
  const isOutside = /^https?:/.test(to);
  useEffect(() => {
    if (isOutside) window.location.replace(to);
  }, [isOutside, to]);
  return isOutside ? <PageLoader /> : <Navigate to={to} replace />;
}

/** Runs a route's guard each time the route renders: its screen, or the guard's redirect. */
export function Guarded({ guard, children }: { guard: () => string | null; children: ReactNode }) {
  const target = guard();
  return target ? <Redirect to={target} /> : children;
}
