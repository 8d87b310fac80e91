import { criterionLabel, server, type TScreenerOutput } from '@tradebot/api-contract';
import { Alert, List, Text } from '@mantine/core';
import { partialMissingNote } from './missing-note';

/**
 * The criteria a run could not apply to every listing, with the reason: unavailable ones (no
 * listing had the value, e.g. fundamentals without a source) in a warning, never silently empty.
 */
export function MissingCriteria({ output }: { output: TScreenerOutput }) {
  const missing = output.missing_criteria ?? [];
  if (missing.length === 0) return null;
  const unavailable = missing.filter((m) => m.unavailable);
  const partial = missing.filter((m) => !m.unavailable);
  return (
    <Alert
      color={unavailable.length > 0 ? 'yellow' : 'gray'}
      data-testid="missing-criteria"
      title={unavailable.length > 0 ? 'Some criteria are unavailable' : undefined}
    >
      <List size="sm" spacing={2}>
        {unavailable.map((m) => (
          <List.Item key={m.criterion} data-testid={`unavailable-${m.criterion}`}>
            {server.criterionUnavailable(criterionLabel(m.criterion), m.reason)}
          </List.Item>
        ))}
        {partial.map((m) => (
          <List.Item key={m.criterion}>
            <Text size="sm" span>
              {partialMissingNote(criterionLabel(m.criterion), m.missing, output.total, m.reason)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
