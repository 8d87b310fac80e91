import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { Toasts } from './components/toasts';
import { AuthProvider } from './features/auth/auth-provider';
import { flushPendingReports } from './lib/error-reporter';
import { createClient, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { colorSchemeManager, theme } from './theme';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  const [trpcClient] = useState(createClient);

  useEffect(() => {
    void flushPendingReports(trpcClient);
  }, [trpcClient]);

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <BrowserRouter>
            <ErrorBoundary client={trpcClient}>
              <AuthProvider>
                <AppRoutes />
              </AuthProvider>
            </ErrorBoundary>
          </BrowserRouter>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
