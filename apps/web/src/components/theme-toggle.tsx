import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { LineIcon } from './line-icon';

const Sun = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </LineIcon>
);

const Moon = () => (
  <LineIcon>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </LineIcon>
);

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} theme`}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <Sun /> : <Moon />}
    </ActionIcon>
  );
}
