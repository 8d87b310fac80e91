import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { VerifyEmailBanner } from './verify-email-banner';
import { WsBanner } from './ws-banner';

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
  return (
    <Container size={size} py="xl">
      <VerifyEmailBanner />
      <WsBanner />
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
