import { notifications } from '@mantine/notifications';

/** Toasts in settings vanish after 5 seconds. */
const SETTINGS_TOAST_MS = 5_000;

export const toast = {
  success: (message: string) =>
    notifications.show({ color: 'green', message, autoClose: SETTINGS_TOAST_MS }),
  error: (message: string) =>
    notifications.show({ color: 'red', message, autoClose: SETTINGS_TOAST_MS }),
  warning: (message: string) =>
    notifications.show({ color: 'orange', message, autoClose: SETTINGS_TOAST_MS }),
  info: (message: string) =>
    notifications.show({ color: 'blue', message, autoClose: SETTINGS_TOAST_MS }),
};
