import { Container, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAuth } from '../features/auth/auth-context';

// Fetched only with a session: the live-updates banner brings the websocket's schemas with it.
const SignedInBanners = lazy(async () => ({
  default: (await import('./signed-in-banners')).SignedInBanners,
}));

/** The frame of a signed-in or content screen: title, optional description, body. */
export function Page({
  title,
  description,
  children,
  size = 'lg',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: string;
}) {
  const signedIn = useAuth().token !== null;
  return (
    <Container size={size} py="xl">
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInBanners />
        </Suspense>
      )}
      <Stack gap={4} mb="lg">
        <Title order={1} fz={28}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {children}
    </Container>
  );
}
