import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';

export interface LoginCredentials {
  username: string;
  password: string;
}

interface Props {
  values: LoginCredentials;
  onChange: (values: LoginCredentials) => void;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
}

/** The first login step. The values live in the page: they outlast a trip to the 2FA step. */
export function LoginForm({ values, onChange, error, busy, onSubmit }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate={false}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" data-testid="login-error">
            {error}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={values.username}
          onChange={(e) => onChange({ ...values, username: e.currentTarget.value })}
          data-testid="login-username"
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => onChange({ ...values, password: e.currentTarget.value })}
          data-testid="login-password"
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={busy} data-testid="login-submit">
          Login
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/signup">
            Start your free trial
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
