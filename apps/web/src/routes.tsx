import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/app-layout';
import { NotFoundPage } from './components/not-found-page';
import { PlaceholderPage } from './components/placeholder-page';
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
import { HelpPage } from './features/help/help-page';
import { HomePage } from './features/home/home-page';
import { PrivacyPage } from './features/legal/privacy-page';
import { TermsPage } from './features/legal/terms-page';

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
            <PlaceholderPage
              title="Stock Explorer"
              text="The stock explorer is coming in the next step."
            />,
          )}
        />
        <Route
          path="live-log"
          element={guard(
            <PlaceholderPage title="Live Log" text="The live log is coming in the next step." />,
          )}
        />
        <Route path="admin" element={guard(<AdminPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
