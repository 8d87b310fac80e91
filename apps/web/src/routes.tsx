import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from './auth/protected-route';
import { AppLayout } from './components/app-layout';
import { AccountSettingsPage } from './pages/account-settings-page';
import { AdminPage } from './pages/admin/admin-page';
import { DashboardPage } from './pages/dashboard-page';
import { Enable2faPage } from './pages/enable-2fa-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { HelpPage } from './pages/help-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage } from './pages/placeholder-page';
import { PrivacyPage } from './pages/privacy-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SignupPage } from './pages/signup-page';
import { SubscribePage } from './pages/subscribe-page';
import { TermsPage } from './pages/terms-page';
import { VerifyEmailPage } from './pages/verify-email-page';

const guard = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>;

/**
 * Spec §2 route table. Mapping chosen for the /settings conflict: /settings is strategy
 * settings, /account-settings is broker keys and mode; the explorer lives at /stock-explorer.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="subscribe" element={<SubscribePage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="enable-2fa" element={<Enable2faPage />} />
        <Route path="dashboard" element={guard(<DashboardPage />)} />
        <Route
          path="settings"
          element={guard(
            <PlaceholderPage
              title="Strategy settings"
              text="Stock screening, backtesting and trading settings are coming in the next step."
            />,
          )}
        />
        <Route path="account-settings" element={guard(<AccountSettingsPage />)} />
        <Route
          path="stock-explorer"
          element={guard(
            <PlaceholderPage title="Stock Explorer" text="The stock explorer is coming in the next step." />,
          )}
        />
        <Route
          path="live-log"
          element={guard(<PlaceholderPage title="Live Log" text="The live log is coming in the next step." />)}
        />
        <Route path="admin" element={guard(<AdminPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
