import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** The app bar's height: the layout and the toasts below it both use it. */
export const HEADER_HEIGHT = 64;
/** Mantine's lg breakpoint: from here the nav links sit in the app bar, below it in a drawer. */
export const NAV_BREAKPOINT = '75em';
/** Up to this width the header is a phone's: the logo without the name, smaller badges. */
export const PHONE_MAX = '29.99em';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Badge labels are a word or two: never let a tight table column cut them to "EN…".
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // Labels stay exactly their text ("Password", not "Password *") so people and browser tests
    // find fields by name; every form here marks all its fields required anyway.
    TextInput: { defaultProps: { withAsterisk: false } },
    NativeSelect: { defaultProps: { withAsterisk: false } },
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' },
      },
    },
  },
});

/** The light/dark choice is stored locally; light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'tradebot-color-scheme' });
