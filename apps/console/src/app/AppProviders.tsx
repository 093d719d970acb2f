import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';

/**
 * What every screen needs. antd's providers are not here: they wrap only the routes that use
 * antd (AntdLayout), so the home page loads without antd.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
