import type { TNewsItem } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import {
  Alert,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { formatPublished, formatScore, sentimentColor } from './news-format';
import { DemoDataBadge } from '../../components/market-badge';

/** News refreshes every 60 s (while the overlay is open). */
const NEWS_REFRESH_MS = 60_000;

function NewsCard({ item }: { item: TNewsItem }) {
  const color = sentimentColor(item.sentiment_score);
  return (
    <Paper withBorder p="md" radius="md" data-testid="news-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        {item.url ? (
          <Anchor href={item.url} target="_blank" rel="noopener noreferrer" fw={600}>
            {item.title}
          </Anchor>
        ) : (
          <Text fw={600}>{item.title}</Text>
        )}
        <Badge
          color={color}
          variant="light"
          size="lg"
          style={{ flexShrink: 0 }}
          title="Sentiment score, from -1 (bearish) to +1 (bullish)"
          data-testid="news-score"
          data-color={color}
        >
          {formatScore(item.sentiment_score)}
        </Badge>
      </Group>
      <Group gap="xs" mt={6}>
        <Badge variant="outline" color="gray" radius="sm">
          {item.symbol}
        </Badge>
        <Text size="xs" c="dimmed">
          {item.source} · {formatPublished(item.published_at)}
        </Text>
      </Group>
      {item.description && (
        <Text size="sm" mt="xs" c="dimmed">
          {item.description}
        </Text>
      )}
    </Paper>
  );
}

function NewsBody({
  items,
  failed,
  loading,
}: {
  items: TNewsItem[];
  failed: boolean;
  loading: boolean;
}) {
  if (loading)
    return (
      <Center py="xl">
        <Loader aria-label="Loading news" />
      </Center>
    );
  return (
    <Stack gap="sm">
      {failed && (
        <Alert color="red" data-testid="news-error">
          {ui.newsLoadFailed}
        </Alert>
      )}
      {!failed && items.length === 0 && (
        <Text c="dimmed" data-testid="news-empty">
          {ui.newsEmpty}
        </Text>
      )}
      {items.map((item) => (
        <NewsCard
          key={`${item.symbol}|${item.url}|${item.published_at}|${item.title}`}
          item={item}
        />
      ))}
    </Stack>
  );
}

/**
 * The dashboard's full-screen News Sentiment overlay: the cached news of the user's
 * monitored symbols, refreshed every 60 s while open, with a "Demo data" badge on the demo market.
 */
export function NewsOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const news = useQuery(
    trpc.news.sentiment.queryOptions(undefined, {
      enabled: opened,
      refetchInterval: opened ? NEWS_REFRESH_MS : false,
    }),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={
        <Group gap="sm">
          <Title order={2} fz={22}>
            News Sentiment
          </Title>
          <DemoDataBadge testId="news-demo-badge" />
        </Group>
      }
      data-testid="news-overlay"
    >
      <NewsBody items={news.data ?? []} failed={news.isError} loading={news.isPending} />
    </Modal>
  );
}
