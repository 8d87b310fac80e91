import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../auth-card';
import { ResetLinkIncomplete } from './reset-link-incomplete';
import { ResetPasswordForm } from './reset-password-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <ResetLinkIncomplete />;
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
