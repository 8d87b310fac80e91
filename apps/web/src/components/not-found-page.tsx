import { ui } from '@tradebot/api-contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Page Not Found</Title>
        <Text c="dimmed">{ui.pageNotFound}</Text>
        <Button component={Link} to="/dashboard" variant="light" mt="sm">
          Back to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
