import type { TTradingEnvironment } from '@tradebot/api-contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTestConnection } from './use-test-connection';

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

interface Props {
  environment: TTradingEnvironment;
  /** What is typed in this mode's key and secret fields (empty: test the saved pair). */
  keyValue: string;
  secretValue: string;
}

/** A mode's "Test connection" button and what Alpaca said: status, buying power, account. */
export function TestConnectionRow({ environment, keyValue, secretValue }: Props) {
  const { run, result, testing, clear } = useTestConnection(environment);
  // A result speaks for the keys it tested: editing them hides it.
  useEffect(clear, [keyValue, secretValue, clear]);
  const testId = `test-connection-${environment}`;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Button
        variant="default"
        size="xs"
        loading={testing}
        aria-busy={testing}
        onClick={() => void run(keyValue, secretValue)}
        data-testid={testId}
      >
        Test connection
      </Button>
      {testing && (
        <Text size="sm" c="dimmed" role="status" py={4} data-testid={`${testId}-busy`}>
          Testing the connection with Alpaca…
        </Text>
      )}
      {result?.ok === true && (
        <Alert color="green" variant="light" py={6} px="sm" data-testid={`${testId}-result`}>
          <Text size="sm">
            Connected · status <b>{result.account.status}</b> · buying power{' '}
            <b>{money.format(result.account.buying_power)}</b> · account{' '}
            <b>{result.account.account_number}</b>
          </Text>
        </Alert>
      )}
      {result?.ok === false && (
        <Alert color="red" variant="light" py={6} px="sm" data-testid={`${testId}-result`}>
          <Text size="sm">{result.text}</Text>
        </Alert>
      )}
    </Group>
  );
}
