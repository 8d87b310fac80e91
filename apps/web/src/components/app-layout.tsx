import { AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../features/auth/auth-context';
import { Brand } from './brand';
import { ModeBadge } from './mode-badge';
import { NavLinks } from './nav-links';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { token } = useAuth();
  const { pathname } = useLocation();
  const signedIn = token !== null;

  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'lg', collapsed: { desktop: true, mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="lg"
                size="sm"
                aria-label="Toggle navigation"
              />
              <Link
                to="/"
                style={{ textDecoration: 'none', color: 'inherit' }}
                aria-label="TradeBot home"
              >
                <Brand />
              </Link>
            </Group>
            <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main">
              <NavLinks signedIn={signedIn} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              {signedIn && <ModeBadge />}
              {signedIn && <NotificationBell />}
              <ThemeToggle />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <Stack gap={4} component="nav" aria-label="Mobile">
          <NavLinks signedIn={signedIn} />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
