import { EXPLORER_METRICS, type TExplorerMetric } from '@tradebot/api-contract';
import { Button, Group } from '@mantine/core';
import { METRIC_LABELS } from './format-metric';

/** The 24 metric toggle buttons: each shows or hides one column. */
export function MetricToggles({
  selected,
  onToggle,
}: {
  selected: readonly TExplorerMetric[];
  onToggle: (metric: TExplorerMetric) => void;
}) {
  return (
    <Group gap={6} role="group" aria-label="Metrics" data-testid="metric-toggles">
      {EXPLORER_METRICS.map((metric) => {
        const on = selected.includes(metric);
        return (
          <Button
            key={metric}
            size="compact-sm"
            radius="xl"
            variant={on ? 'filled' : 'default'}
            aria-pressed={on}
            onClick={() => onToggle(metric)}
            data-testid={`metric-${metric}`}
          >
            {METRIC_LABELS[metric]}
          </Button>
        );
      })}
    </Group>
  );
}
