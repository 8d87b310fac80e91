import { MarketBadge } from './market-badge';
import { ModeBadge } from './mode-badge';
import { NotificationBell } from './notification-bell';

/**
 * What the app bar shows a signed-in user: which market and account, and the bell. Loaded only
 * once someone signs in (app-layout.tsx), so the landing page does not download the popovers.
 */
export function SignedInHeader({ phone }: { phone: boolean }) {
  return (
    <>
      {/* Always in sight, phones included: which market and account the user is on. */}
      <MarketBadge size={phone ? 'md' : 'lg'} />
      <ModeBadge size={phone ? 'md' : 'lg'} />
      <NotificationBell />
    </>
  );
}
