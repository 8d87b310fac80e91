import { Alert, Button, Group, Loader, Pagination, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Page } from '../../components/page';
import { ExplorerTable } from './explorer-table';
import { MetricToggles } from './metric-toggles';
import { useExplorer } from './use-explorer';
import { DemoDataBadge } from '../../components/market-badge';

/** Stock Explorer: search, 24 metric toggles, results, pagination (not during a search). */
export function StockExplorerPage() {
  const explorer = useExplorer();
  const [text, setText] = useState('');
  const { state } = explorer;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    explorer.submitSearch(text);
  };

  return (
    <Page
      title="Stock Explorer"
      description={
        <Group gap="xs" component="span">
          <span>Search the stocks of your market by symbol or company name.</span>
          <DemoDataBadge />
        </Group>
      }
      size="xl"
    >
      <Stack gap="md">
        <form onSubmit={submit} role="search">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Search"
              placeholder="Symbol or company name"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={100}
              data-testid="explorer-search"
            />
            <Button type="submit" data-testid="explorer-search-button">
              Search
            </Button>
            {explorer.search !== '' && (
              <Button
                variant="default"
                onClick={() => {
                  setText('');
                  explorer.submitSearch('');
                }}
              >
                Clear
              </Button>
            )}
          </Group>
        </form>
        <MetricToggles selected={explorer.metrics} onToggle={explorer.toggleMetric} />
        {explorer.notice && (
          <Alert color="yellow" data-testid="explorer-notice">
            {explorer.notice}
          </Alert>
        )}
        {state.kind === 'loading' && (
          <Group justify="center" py="xl" data-testid="explorer-loading">
            <Loader />
          </Group>
        )}
        {state.kind === 'error' && (
          <Alert color="red" variant="light" data-testid="explorer-error">
            {explorer.messages.error}
          </Alert>
        )}
        {state.kind === 'empty' && (
          <Alert color="yellow" variant="light" data-testid="explorer-empty">
            {explorer.messages.empty}
          </Alert>
        )}
        {state.kind === 'results' && (
          <ExplorerTable
            rows={state.rows}
            metrics={explorer.metrics}
            sort={explorer.sort}
            onSort={explorer.sortBy}
          />
        )}
        {explorer.pages !== null && explorer.pages > 1 && state.kind !== 'error' && (
          <Group justify="center">
            <Pagination
              total={explorer.pages}
              value={explorer.page}
              onChange={explorer.setPage}
              siblings={1}
              data-testid="explorer-pagination"
            />
          </Group>
        )}
      </Stack>
    </Page>
  );
}
