import { createBrowserRouter } from 'react-router-dom';
import { CONSOLE_BASE } from '../lib/paths';
import { routes } from './routes';

/** Created after the bootstrap calls so the first loaders already see the CSRF cookie. */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: CONSOLE_BASE });
}
