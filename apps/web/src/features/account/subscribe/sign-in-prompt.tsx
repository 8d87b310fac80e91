import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Plans are public, but only an account can ask for one. */
export function SignInPrompt() {
  return (
    <Group justify="space-between">
      <Text size="sm">Create an account or log in to pick a plan.</Text>
      <Group gap="xs">
        <Button component={Link} to="/signup">
          Start Free Trial
        </Button>
        <Button component={Link} to="/login" variant="default">
          Login
        </Button>
      </Group>
    </Group>
  );
}
