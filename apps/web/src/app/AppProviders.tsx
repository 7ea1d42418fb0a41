import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrandProvider } from '../platform/brand.tsx';
import { queryClient } from '../platform/query-client.ts';
import { FeedbackMount } from './FeedbackMount.tsx';

/**
 * Query client and the brand (the brand call needs Query), and the toasts' host once it is wanted.
 * antd's locale and theme are not here: each part that uses antd brings them (app/AntdScope.tsx),
 * so the login route's first visit downloads no antd.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandProvider>
        {children}
        <FeedbackMount />
      </BrandProvider>
    </QueryClientProvider>
  );
}
