import { PLAN_PRICES, TRIAL_DAYS } from '@tradebot/api-contract/client';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { SignedInRedirect } from '../auth/signed-in-redirect';

const FEATURES = [
  {
    title: 'Screen smarter',
    items: [
      'AI and machine-learning stock screening',
      'Customizable fundamental and technical criteria',
      'Stock explorer with searchable metrics',
    ],
  },
  {
    title: 'Test before you trade',
    items: [
      'Backtesting on historical data',
      'Random-forest optimizer for per-stock parameters',
      'Real-time news sentiment per symbol',
    ],
  },
  {
    title: 'Trade on autopilot',
    items: [
      'Automated trading through your own brokerage keys',
      'Paper and live modes',
      'Performance tracking, logs, notifications and 24/7 monitoring',
    ],
  },
];

const Check = () => (
  <svg
    width="12"
    height="12"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="3.5"
    aria-hidden="true"
  >
    <polyline points="20 6 9 17 4 12" />
  </svg>
);

export function HomePage() {
  return (
    <>
      <SignedInRedirect />
      <Box className="hero" py={{ base: 56, md: 88 }}>
        <Container size="lg">
          <Stack gap="lg" maw={720}>
            <Badge variant="white" color="indigo" size="lg" w="fit-content">
              {TRIAL_DAYS}-day free trial · paper trading
            </Badge>
            <Title order={1} fz={{ base: 34, md: 48 }} lh={1.1}>
              Welcome to TradeBot: screen, backtest and trade stocks automatically
            </Title>
            <Text size="lg" opacity={0.9}>
              Find candidates with machine-learning screening, prove them on history, tune each
              stock&apos;s parameters and let the bot trade them on your brokerage account, in paper
              or live mode.
            </Text>
            <Group>
              <Button component={Link} to="/signup" size="md" variant="white" color="indigo">
                Start Free Trial
              </Button>
              <Button component={Link} to="/login" size="md" variant="outline" color="white">
                Login
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg" radius="md">
              <Title order={3} fz="lg" mb="sm">
                {feature.title}
              </Title>
              <List
                spacing="xs"
                size="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal" variant="light">
                    <Check />
                  </ThemeIcon>
                }
              >
                {feature.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
        <Card withBorder radius="md" mt="xl" padding="lg">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={700}>Simple pricing</Text>
              <Text size="sm" c="dimmed">
                Start with a {TRIAL_DAYS}-day free trial (paper trading only). Basic $
                {PLAN_PRICES.basic}/month or Premium ${PLAN_PRICES.premium}/month unlock live
                trading.
              </Text>
            </Stack>
            <Button component={Link} to="/subscribe" variant="light">
              See plans
            </Button>
          </Group>
        </Card>
        <Text size="xs" c="dimmed" mt="xl" ta="center">
          TradeBot is not a financial advisor and never holds your funds. Trading involves risk. See
          the <Link to="/terms">Terms</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </Text>
      </Container>
    </>
  );
}
