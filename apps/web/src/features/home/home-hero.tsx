import { TRIAL_DAYS } from '@tradebot/api-contract';
import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function HomeHero() {
  return (
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
  );
}
