import { ALL_PLANS, PLAN_FEATURES, planIncludes, TRIAL_DAYS } from '@tradebot/api-contract';
import { Table, Text } from '@mantine/core';

const PLAN_NAMES = { trial: `Trial (${TRIAL_DAYS} days)`, basic: 'Basic', premium: 'Premium' };

/**
 * What each plan gets, from PLAN_FEATURES: the same list the server's live-trading check reads,
 * so the table cannot promise a restriction or a feature the server does not apply.
 */
export function PlanFeaturesTable() {
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="plan-features">
      <Table.Thead>
        <Table.Tr>
          <Table.Th fz={{ base: 'xs', xs: 'sm' }}>Feature</Table.Th>
          {ALL_PLANS.map((plan) => (
            // A plan's name stays on one line ("Trial (7 days)"); a smaller font on phones and
            // narrow padding keep the three plans and the features, which wrap, in sight.
            <Table.Th
              key={plan}
              ta="center"
              px={6}
              fz={{ base: 'xs', xs: 'sm' }}
              style={{ whiteSpace: 'nowrap' }}
            >
              {PLAN_NAMES[plan]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PLAN_FEATURES.map((feature) => (
          <Table.Tr key={feature.key} data-testid={`plan-feature-${feature.key}`}>
            <Table.Td>
              <Text size="sm">{feature.label}</Text>
            </Table.Td>
            {ALL_PLANS.map((plan) => {
              const yes = planIncludes(plan, feature.key);
              return (
                <Table.Td
                  key={plan}
                  ta="center"
                  px={6}
                  c={yes ? 'var(--mantine-color-green-text)' : 'dimmed'}
                  data-plan={plan}
                  aria-label={yes ? 'Included' : 'Not included'}
                >
                  {yes ? '✓' : '—'}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
