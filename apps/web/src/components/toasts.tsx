import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The toasts' container is fetched with the first toast: toasts live in a store, so the one that
 * asked for it appears as soon as the container has arrived, and pages that show none never
 * load it.
 */
const ToastContainer = lazy(async () => ({
  default: (await import('./toast-container')).ToastContainer,
}));

export function Toasts() {
  const [wanted, setWanted] = useState(false);
  const shown = useNotifications().notifications.length > 0;
  useEffect(() => {
    if (shown) setWanted(true);
  }, [shown]);
  if (!wanted && !shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
