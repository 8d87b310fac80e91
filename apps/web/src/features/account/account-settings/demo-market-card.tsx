import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { Badge, Box, Button, Card, Group, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { marketView } from '../../../components/market-view';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { useAuth } from '../../auth/auth-context';

/**
 * "Use the demo market" (POST /api/use-demo-market): start without Alpaca keys. The nav's
 * market label reads the same settings query, so it changes with it. `onChosen` lets the page
 * drop what the keys form last said (a "provide keys" error no longer applies).
 */
export function DemoMarketCard({
  settings,
  onChosen,
}: {
  settings: TAccountSettingsOutput;
  onChosen: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { verify } = useAuth();
  const useDemo = useMutation(trpc.account.useDemoMarket.mutationOptions());
  const [result, setResult] = useState<FormResult | null>(null);
  const onDemo = settings.market === 'demo';
  const view = marketView(settings);

  const choose = async () => {
    setResult(null);
    try {
      await useDemo.mutateAsync();
      await queryClient.invalidateQueries({ queryKey: trpc.account.settings.queryKey() });
      setResult({ ok: true, text: 'You are now on the demo market.' });
      onChosen();
      // Choosing the demo market completes onboarding, which changes where the app sends you.
      void verify(true);
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, 'Failed to switch to the demo market') });
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="demo-market-card">
      <Group justify="space-between" mb={4}>
        <Title order={3} fz="md">
          Market
        </Title>
        <Badge color={view.color} variant="light" data-testid="demo-market-card-badge">
          {view.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        The demo market is a built-in simulated market of fictional companies with its own clock and
        a simulated broker, so you can try screening, backtesting and the bot without Alpaca keys
        and without real money.
      </Text>
      {onDemo ? (
        <Text size="sm">
          You are on the demo market. Saving Alpaca keys below switches you back to Alpaca.
        </Text>
      ) : (
        <Group>
          <Button
            variant="light"
            color="grape"
            onClick={() => void choose()}
            loading={useDemo.isPending}
            data-testid="use-demo-market"
          >
            Use the demo market
          </Button>
        </Group>
      )}
      {result && (
        <Box mt="sm">
          <ResultAlert result={result} testId="demo-market-result" />
        </Box>
      )}
    </Card>
  );
}
