import { ui } from '@tradebot/api-contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { downloadCsv } from '../lib/csv-download';
import { notify } from '../lib/notify';

/** "Download CSV" beside a table: saves the table's export (`path`) as a file. */
export function DownloadCsvButton({
  path,
  fallbackName,
  testId,
}: {
  path: string;
  fallbackName: string;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadCsv(path, fallbackName)
      .catch((error: unknown) =>
        notify.error(error instanceof Error ? error.message : ui.csvDownloadFailed),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="compact-sm"
      variant="default"
      loading={busy}
      onClick={download}
      data-testid={testId}
    >
      Download CSV
    </Button>
  );
}
