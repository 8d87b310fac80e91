import { Notifications } from '@mantine/notifications';
import { HEADER_HEIGHT } from '../theme';

/** Below the app bar, so a toast never covers the navigation or the bell (styles.css). */
export function ToastContainer() {
  return (
    <Notifications
      position="top-right"
      className="below-header"
      style={{ '--header-height': `${HEADER_HEIGHT}px` }}
    />
  );
}
