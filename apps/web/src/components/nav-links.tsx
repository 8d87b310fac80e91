import { UnstyledButton } from '@mantine/core';
import { NavLink } from 'react-router-dom';
import { useAuth } from '../features/auth/auth-context';

const SIGNED_IN = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/settings', label: 'Settings' },
  { to: '/stock-explorer', label: 'Stock Explorer' },
  { to: '/live-log', label: 'Live Log' },
  { to: '/account-settings', label: 'Account' },
  { to: '/subscribe', label: 'Subscribe' },
];

const SIGNED_OUT = [
  { to: '/login', label: 'Login' },
  { to: '/signup', label: 'Signup' },
  { to: '/help', label: 'Help' },
  { to: '/subscribe', label: 'Subscribe' },
];

/** Navigation; admins also get a link to /admin. */
export function NavLinks({ signedIn }: { signedIn: boolean }) {
  const { status, logout } = useAuth();
  const links = signedIn ? SIGNED_IN : SIGNED_OUT;
  const withAdmin =
    signedIn && status?.user.is_admin ? [...links, { to: '/admin', label: 'Admin' }] : links;

  return (
    <>
      {withAdmin.map((link) => (
        <NavLink key={link.to} to={link.to} className="nav-link">
          {link.label}
        </NavLink>
      ))}
      {signedIn && (
        <UnstyledButton className="nav-link" onClick={() => void logout()} data-testid="logout">
          Logout
        </UnstyledButton>
      )}
    </>
  );
}
