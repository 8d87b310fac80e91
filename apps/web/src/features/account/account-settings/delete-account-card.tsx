import { ui } from '@tradebot/api-contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The last card of account settings: deleting the account, behind a dialog that asks twice. */
export function DeleteAccountCard() {
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder padding="lg" data-testid="delete-account-card">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          {ui.deleteAccountIntro}
        </Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="outline"
            onClick={() => setOpened(true)}
            data-testid="delete-account-open"
          >
            Delete account…
          </Button>
        </Group>
      </Stack>
      {opened && <DeleteAccountDialog onClose={() => setOpened(false)} />}
    </Card>
  );
}
