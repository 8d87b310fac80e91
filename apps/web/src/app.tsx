import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { AuthProvider } from './features/auth/auth-provider';
import { flushPendingReports } from './lib/error-reporter';
import { createClient, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { colorSchemeManager, HEADER_HEIGHT, theme } from './theme';

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
      {/* Below the app bar, so a toast never covers the navigation or the bell (styles.css). */}
      <Notifications
        position="top-right"
        className="below-header"
        style={{ '--header-height': `${HEADER_HEIGHT}px` }}
      />
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
