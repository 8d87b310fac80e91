import { Button } from '@mantine/core';
import { useState } from 'react';
import { NewsOverlay } from './news-overlay';

/** The dashboard's News button and the overlay it opens. */
export function NewsButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="news-button">
        News
      </Button>
      <NewsOverlay opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
