import { DEFAULT_PRODUCT_TYPE, productTypes, type ProductType } from '../../domain/constants';
import { readLocal, writeLocal } from '../storage';

/** The global product type (spec section 1): it picks the sign-in, logout and refresh flows. */
export const PRODUCT_TYPE_KEY = 'product_type';

export function getProductType(): ProductType {
  const stored = readLocal(PRODUCT_TYPE_KEY);
  return (productTypes as readonly (string | null)[]).includes(stored)
    ? (stored as ProductType)
    : DEFAULT_PRODUCT_TYPE;
}

export function setProductType(productType: ProductType): void {
  writeLocal(PRODUCT_TYPE_KEY, productType);
}
