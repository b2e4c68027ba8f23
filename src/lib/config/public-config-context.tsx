import { createContext, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '../../domain/api/session';
import { FALLBACK_CONFIG } from './public-config';

const PublicConfigContext = createContext<PublicConfig>(FALLBACK_CONFIG);

export function PublicConfigProvider({
  config,
  children,
}: {
  config: PublicConfig;
  children: ReactNode;
}) {
  return <PublicConfigContext value={config}>{children}</PublicConfigContext>;
}

/** The product name and support e-mail loaded before the first render. */
export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
