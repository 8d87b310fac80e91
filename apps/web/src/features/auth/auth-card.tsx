import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the sign-in, sign-up and account-recovery screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Container size={width} py={48}>
      <Stack gap={6} mb="lg" align="center">
        <Title order={2} ta="center">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" ta="center">
            {subtitle}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" p={30} radius="md">
        {children}
      </Paper>
    </Container>
  );
}
