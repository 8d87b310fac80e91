import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { fw: 600 } },
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

/** Spec §1: the light/dark choice is stored locally; light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'tradebot-color-scheme' });
