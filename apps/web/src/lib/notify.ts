import { notifications } from '@mantine/notifications';

/**
 * How long a toast stays: the spec's 5 seconds for settings (§2), used for every toast so the
 * app has one rhythm.
 */
export const TOAST_MS = 5_000;

type Options = {
  /** A bold first line; the message goes under it. */
  title?: string;
  /** One toast per id: showing it again while it is up does not stack a second. */
  id?: string;
};

const show =
  (color: string) =>
  (message: string, options: Options = {}) =>
    notifications.show({ color, message, autoClose: TOAST_MS, ...options });

/** The app's toasts. */
export const notify = {
  success: show('green'),
  error: show('red'),
  warning: show('orange'),
  info: show('blue'),
};
