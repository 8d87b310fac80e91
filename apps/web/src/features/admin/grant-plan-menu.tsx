import type { TPaidPlan } from '@tradebot/api-contract';
import { Button, Menu } from '@mantine/core';

interface Props {
  username: string;
  disabled: boolean;
  onGrant: (plan: TPaidPlan) => void;
}

/** Payment is not wired up yet: an admin grants the plan a user asked for by hand. */
export function GrantPlanMenu({ username, disabled, onGrant }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="default"
          disabled={disabled}
          data-testid={`grant-plan-${username}`}
        >
          Plan
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Grant plan</Menu.Label>
        <Menu.Item onClick={() => onGrant('basic')} data-testid={`grant-basic-${username}`}>
          Basic
        </Menu.Item>
        <Menu.Item onClick={() => onGrant('premium')} data-testid={`grant-premium-${username}`}>
          Premium
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
