import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { ProtectedRoute } from './features/auth/protected-route';
import type { RoutePath } from './lib/page-title';

/**
 * A page loaded when its route is first shown: each route's code is its own chunk, so the
 * landing page does not download the charts, the settings tables or the admin screens.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = page(() => import('./features/home/home-page'), 'HomePage');
const LoginPage = page(() => import('./features/auth/login/login-page'), 'LoginPage');
const SignupPage = page(() => import('./features/auth/signup/signup-page'), 'SignupPage');
const HelpPage = page(() => import('./features/help/help-page'), 'HelpPage');
const ForgotPasswordPage = page(
  () => import('./features/auth/password-reset/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('./features/auth/password-reset/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailPage = page(
  () => import('./features/auth/verify-email/verify-email-page'),
  'VerifyEmailPage',
);
const SubscribePage = page(
  () => import('./features/account/subscribe/subscribe-page'),
  'SubscribePage',
);
const TermsPage = page(() => import('./features/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('./features/legal/privacy-page'), 'PrivacyPage');
const Enable2faPage = page(
  () => import('./features/auth/enable-2fa/enable-2fa-page'),
  'Enable2faPage',
);
const DashboardPage = page(() => import('./features/dashboard/dashboard-page'), 'DashboardPage');
const SettingsPage = page(() => import('./features/settings/settings-page'), 'SettingsPage');
const AccountSettingsPage = page(
  () => import('./features/account/account-settings/account-settings-page'),
  'AccountSettingsPage',
);
const StockExplorerPage = page(
  () => import('./features/explorer/stock-explorer-page'),
  'StockExplorerPage',
);
const LiveLogPage = page(() => import('./features/live-log/live-log-page'), 'LiveLogPage');
const AdminPage = page(() => import('./features/admin/admin-page'), 'AdminPage');

const guard = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>;

/**
 * Route table, one page per path of ROUTE_NAMES (which also names the browser tab).
 * Mapping chosen for the /settings conflict: /settings is strategy settings, /account-settings
 * is broker keys and mode; the explorer lives at /stock-explorer.
 */
const PAGES: Record<RoutePath, ReactNode> = {
  '/': <HomePage />,
  '/login': <LoginPage />,
  '/signup': <SignupPage />,
  '/help': <HelpPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/verify-email': <VerifyEmailPage />,
  '/subscribe': <SubscribePage />,
  '/terms': <TermsPage />,
  '/privacy': <PrivacyPage />,
  '/enable-2fa': <Enable2faPage />,
  '/dashboard': guard(<DashboardPage />),
  '/settings': guard(<SettingsPage />),
  '/account-settings': guard(<AccountSettingsPage />),
  '/stock-explorer': guard(<StockExplorerPage />),
  '/live-log': guard(<LiveLogPage />),
  '/admin': guard(<AdminPage />),
};

/** Shown while a page's code arrives (a fraction of a second on a first visit). */
const loading = (
  <Center mih="50vh" data-testid="page-loading">
    <Loader size="md" />
  </Center>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {Object.entries(PAGES).map(([path, element]) => (
          <Route
            key={path}
            path={path}
            element={<Suspense fallback={loading}>{element}</Suspense>}
          />
        ))}
        {/* The other reading of the explorer's path. */}
        <Route path="/explorer" element={<Navigate to="/stock-explorer" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
