import { Alert } from '@mantine/core';

export interface FormResult {
  ok: boolean;
  text: string;
}

/** The outcome of a form submission: green on success, red with the reason otherwise. */
export function ResultAlert({ result, testId }: { result: FormResult | null; testId: string }) {
  if (!result) return null;
  return (
    <Alert color={result.ok ? 'green' : 'red'} variant="light" data-testid={testId}>
      {result.text}
    </Alert>
  );
}
