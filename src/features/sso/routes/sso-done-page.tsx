import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../../domain/return-path';
import { paths } from '../../../lib/paths';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { PageLoader } from '../../../ui/page-loader';

/**
 * /reseller/sso/done: where an SSO sign-in lands once the server has set the session cookies.
 * The console marks itself signed in exactly as after a password sign-in, then opens the page.
 */
export function SsoDonePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    // Nothing cached from a previous account may leak into this one.
    queryClient.clear();
    setProductType('reseller');
    markSignedIn('reseller');
    void navigate(safeReturnPath(search.get(RETURN_PATH_PARAM)) ?? paths.home, { replace: true });
  }, [navigate, queryClient, search]);
  return <PageLoader />;
}
