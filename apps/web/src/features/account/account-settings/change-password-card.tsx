import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ResultAlert, type FormResult } from '../../../components/result-alert';
import * as session from '../../../lib/session';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import {
  emptyPasswordChange,
  passwordChangeProblem,
  toChangePasswordInput,
  type PasswordChangeDraft,
} from './change-password-draft';

const FIELDS: {
  field: keyof PasswordChangeDraft;
  label: string;
  autoComplete: string;
  testId: string;
}[] = [
  {
    field: 'current',
    label: 'Current Password',
    autoComplete: 'current-password',
    testId: 'change-password-current',
  },
  {
    field: 'next',
    label: 'New Password',
    autoComplete: 'new-password',
    testId: 'change-password-new',
  },
  {
    field: 'confirm',
    label: 'Confirm New Password',
    autoComplete: 'new-password',
    testId: 'change-password-confirm',
  },
];

/**
 * Changing the password signs out every other device; the server answers with a new token for
 * this one, stored here so the user stays signed in.
 */
export function ChangePasswordCard() {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [draft, setDraft] = useState(emptyPasswordChange);
  const [result, setResult] = useState<FormResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(draft);
    if (problem) return setResult({ ok: false, text: problem });
    setResult(null);
    try {
      const { message, access_token } = await change.mutateAsync(toChangePasswordInput(draft));
      session.setToken(access_token);
      setDraft(emptyPasswordChange());
      setResult({ ok: true, text: message });
    } catch (caught) {
      setResult({
        ok: false,
        text: serverDetail(caught, 'Could not change the password. Please try again.'),
      });
    }
  };

  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="md" mb="md">
        Change password
      </Title>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <ResultAlert result={result} testId="change-password-result" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FIELDS.map(({ field, label, autoComplete, testId }) => (
              <PasswordInput
                key={field}
                label={label}
                required
                autoComplete={autoComplete}
                value={draft[field]}
                onChange={(event) => setDraft({ ...draft, [field]: event.currentTarget.value })}
                data-testid={testId}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
