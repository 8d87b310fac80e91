import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { AccountSettingsPage } from './features/account/account-settings/account-settings-page';
import { SubscribePage } from './features/account/subscribe/subscribe-page';
import { AdminPage } from './features/admin/admin-page';
import { Enable2faPage } from './features/auth/enable-2fa/enable-2fa-page';
import { LoginPage } from './features/auth/login/login-page';
import { ForgotPasswordPage } from './features/auth/password-reset/forgot-password-page';
import { ResetPasswordPage } from './features/auth/password-reset/reset-password-page';
import { ProtectedRoute } from './features/auth/protected-route';
import { SignupPage } from './features/auth/signup/signup-page';
import { VerifyEmailPage } from './features/auth/verify-email/verify-email-page';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { StockExplorerPage } from './features/explorer/stock-explorer-page';
import { HelpPage } from './features/help/help-page';
import { HomePage } from './features/home/home-page';
import { LiveLogPage } from './features/live-log/live-log-page';
import { PrivacyPage } from './features/legal/privacy-page';
import { SettingsPage } from './features/settings/settings-page';
import { TermsPage } from './features/legal/terms-page';
import type { RoutePath } from './lib/page-title';

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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {Object.entries(PAGES).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        {/* The other reading of the explorer's path. */}
        <Route path="/explorer" element={<Navigate to="/stock-explorer" replace />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
