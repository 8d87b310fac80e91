import { ui } from '@tradebot/api-contract';
import { Alert, Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CapturedError } from '../lib/error-reporter';
import { errorReference } from '../lib/error-report-queue';
import { getToken } from '../lib/session';

export const SUPPORT_EMAIL = 'support@tradebot.app';

function details(captured: CapturedError): string {
  const { report } = captured;
  return [
    `Error ID: ${report.errorId}`,
    `Token: ${errorReference(getToken())}`,
    `Time: ${report.timestamp ?? ''}`,
    `Message: ${report.message}`,
    `Component stack: ${report.stack ?? ''}`,
    `URL: ${report.url ?? ''}`,
    `User agent: ${report.userAgent ?? ''}`,
  ].join('\n');
}

export function ErrorScreen({ captured }: { captured: CapturedError | null }) {
  const errorId = captured?.errorId ?? '-';
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Error ${errorId}`)}&body=${encodeURIComponent(`Error ID: ${errorId}`)}`;

  const copy = async () => {
    if (!captured) return;
    try {
      await navigator.clipboard.writeText(details(captured));
    } finally {
      window.alert(ui.errorCopied);
    }
  };

  return (
    <Center mih="100vh" p="md" data-testid="error-screen">
      <Paper withBorder shadow="sm" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Title order={2}>{ui.errorTitle}</Title>
          <Text>{ui.errorBody}</Text>
          {captured && captured.count > 1 && (
            <Text c="dimmed">{ui.errorRecurring(captured.count)}</Text>
          )}
          <Alert variant="light" color="gray">
            <Text size="sm">
              Error ID: <Code data-testid="error-id">{errorId}</Code>
            </Text>
            <Text size="sm">
              Reference: <Code>{errorReference(getToken())}</Code>
            </Text>
          </Alert>
          <Group>
            <Button onClick={() => window.location.reload()}>Refresh Page</Button>
            <Button component="a" href={mailto} variant="light">
              Contact Support
            </Button>
            <Button variant="subtle" onClick={() => void copy()} disabled={!captured}>
              Copy error details
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
