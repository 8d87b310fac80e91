import { Card, List, SimpleGrid, ThemeIcon, Title } from '@mantine/core';
import { LineIcon } from '../../components/line-icon';

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
  <LineIcon size={12} strokeWidth={3.5}>
    <polyline points="20 6 9 17 4 12" />
  </LineIcon>
);

export function FeatureGrid() {
  return (
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
  );
}
