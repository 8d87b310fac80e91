import { Box, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../features/auth/auth-context';
import { pageTitle } from '../lib/page-title';
import { HEADER_HEIGHT, NAV_BREAKPOINT, PHONE_MAX } from '../theme';
import { Brand } from './brand';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

const SignedInHeader = lazy(async () => ({
  default: (await import('./signed-in-header')).SignedInHeader,
}));

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
    // A fixed app bar, a drawer of links below it on narrow screens, and the page (styles.css):
    // Mantine's AppShell did the same with three times the code on every first load.
    <Box style={{ '--header-height': `${HEADER_HEIGHT}px` }}>
      {/* right-scroll-bar-position: a modal's scroll lock keeps the bar from shifting. */}
      <Box component="header" className="app-header right-scroll-bar-position">
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
              {signedIn && (
                <Suspense fallback={null}>
                  <SignedInHeader phone={phone === true} />
                </Suspense>
              )}
              <ThemeToggle />
            </Group>
          </Group>
        </Container>
      </Box>
      <Box
        p="md"
        className="app-drawer"
        mod={{ opened: !drawerHidden }}
        inert={drawerHidden}
        aria-hidden={drawerHidden}
      >
        <Stack gap={4} component="nav" aria-label="Mobile">
          <NavLinks signedIn={signedIn} />
        </Stack>
      </Box>
      <main className="app-main">
        <Outlet />
      </main>
    </Box>
  );
}
