import { AppShell, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../features/auth/auth-context';
import { pageTitle } from '../lib/page-title';
import { HEADER_HEIGHT, NAV_BREAKPOINT, PHONE_MAX } from '../theme';
import { Brand } from './brand';
import { MarketBadge } from './market-badge';
import { ModeBadge } from './mode-badge';
import { NavLinks } from './nav-links';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme-toggle';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { token } = useAuth();
  const { pathname } = useLocation();
  const signedIn = token !== null;
  const wide = useMediaQuery(`(min-width: ${NAV_BREAKPOINT})`);
  // A signed-in phone's header: the logo without the name and smaller badges, so they fit.
  const phone = useMediaQuery(`(max-width: ${PHONE_MAX})`);
  // The drawer's copy of the links is hidden from readers and keyboards unless it is open.
  const drawerHidden = !opened || wide === true;

  useEffect(close, [pathname, close]);
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
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
                <Brand compact={signedIn && phone === true} />
              </Link>
            </Group>
            <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main">
              <NavLinks signedIn={signedIn} />
            </Group>
            <Group gap={phone ? 6 : 'xs'} wrap="nowrap">
              {/* Always in sight, phones included: which market and account the user is on. */}
              {signedIn && <MarketBadge size={phone ? 'md' : 'lg'} />}
              {signedIn && <ModeBadge size={phone ? 'md' : 'lg'} />}
              {signedIn && <NotificationBell />}
              <ThemeToggle />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Navbar p="md" inert={drawerHidden} aria-hidden={drawerHidden}>
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
