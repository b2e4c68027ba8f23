import type { ProductType } from '../../domain/constants';

/**
 * The one query key of user_info. The frame, every screen that reads who is signed in, and the
 * first render's prefetch (src/app/layouts/signed-in-user.ts) share one answer through it.
 */
export const userInfoKey = (productType: ProductType) => [productType, 'user-info'] as const;
