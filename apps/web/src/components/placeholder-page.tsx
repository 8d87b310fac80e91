import { Alert } from '@mantine/core';
import { Page } from './page';

export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <Page title={title}>
      <Alert variant="light" color="gray">
        {text}
      </Alert>
    </Page>
  );
}
