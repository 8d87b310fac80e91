import { Navigate } from 'react-router-dom';
import { useAuth } from './auth-context';
import { homeFor } from './login-destination';

/** A verified user on / or /login is sent where onboarding says. */
export function SignedInRedirect() {
  const { state, status } = useAuth();
  if (state !== 'verified' || !status) return null;
  return <Navigate to={homeFor(status.user.is_onboarded)} replace />;
}
