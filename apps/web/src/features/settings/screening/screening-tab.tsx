import {
  BUILT_IN_TEMPLATES,
  CUSTOM_TEMPLATE_NAME,
  SCREENING_DEFAULTS,
  templateLabel,
  ui,
  type TScreeningCriteria,
} from '@tradebot/api-contract';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { serverDetail } from '../../../lib/trpc';
import { notify } from '../../../lib/notify';
import type { SelectionState } from '../../../lib/use-row-selection';
import { CriteriaForm } from './criteria-form';
import { outOfBounds } from './criteria-fields';
import { MissingCriteria } from './missing-criteria';
import { ResultsTable } from './results-table';
import { TemplateBar } from './template-bar';
import { useScreenerRun } from './use-screener-run';
import { useTemplates } from './use-templates';

const DEFAULT_TEMPLATE = BUILT_IN_TEMPLATES.find((t) => t.name === CUSTOM_TEMPLATE_NAME);

interface Props {
  /** The ticked screened stocks, kept by the settings page across tab switches. */
  selection: SelectionState;
}

/** Strategy settings, tab 1: templates, criteria, Run Screener and its results. */
export function ScreeningTab({ selection }: Props) {
  const templates = useTemplates();
  const screener = useScreenerRun();
  const [criteria, setCriteria] = useState<TScreeningCriteria>(
    () => DEFAULT_TEMPLATE?.criteria ?? { ...SCREENING_DEFAULTS },
  );
  const [template, setTemplate] = useState<string | null>(CUSTOM_TEMPLATE_NAME);
  // Criteria changed after a template was applied are no longer that template's: the run is
  // then not labelled with its name.
  const [edited, setEdited] = useState(false);

  const runScreener = () => {
    const invalid = outOfBounds(criteria);
    if (invalid) return notify.error(invalid);
    void screener.start(criteria, edited ? null : template);
  };
  const { progress } = screener;
  const percent = progress && progress.total > 0 ? (100 * progress.completed) / progress.total : 0;
  const output = screener.output;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <TemplateBar
            templates={templates}
            selected={template}
            criteria={criteria}
            onApply={(chosen) => {
              setTemplate(chosen.name);
              setEdited(false);
              setCriteria({ ...chosen.criteria });
              notify.info(ui.templateApplied(chosen.name));
            }}
          />
          {templates.templates.isError && (
            <Alert color="red">
              {serverDetail(templates.templates.error, 'Failed to load templates')}
            </Alert>
          )}
          <CriteriaForm
            criteria={criteria}
            onChange={(next) => {
              setCriteria(next);
              setEdited(true);
            }}
          />
          {edited && template && (
            <Text size="xs" c="dimmed" data-testid="criteria-edited">
              Criteria changed from the {templateLabel(template)}: save them as a custom template to
              keep them.
            </Text>
          )}
          <Group gap="md" align="center">
            <Button onClick={runScreener} loading={screener.running} data-testid="run-screener">
              Run Screener
            </Button>
            {screener.running && (
              <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                <Progress value={percent} animated data-testid="screener-progress" />
                <Text size="xs" c="dimmed">
                  {progress
                    ? `Screened ${progress.completed} of ${progress.total} stocks`
                    : 'Waiting for the screener to start…'}
                </Text>
              </Stack>
            )}
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Screened stocks
        </Title>
        {output.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading the last results…</Text>
          </Group>
        ) : output.isError ? (
          <Alert color="red">
            {serverDetail(output.error, 'Failed to load the screener output')}
          </Alert>
        ) : output.data.completed_at === null ? (
          <Text c="dimmed" data-testid="screener-empty">
            No screener results yet. Choose a template or adjust the criteria, then Run Screener.
          </Text>
        ) : output.data.symbols.length === 0 && output.data.saved_to_backtest > 0 ? (
          <Text c="dimmed" data-testid="screener-all-saved">
            {ui.screenerAllSaved(output.data.saved_to_backtest, output.data.total)}
          </Text>
        ) : output.data.symbols.length === 0 ? (
          <Stack gap="sm">
            <Text c="dimmed" data-testid="screener-none-passed">
              No stock passed these criteria ({output.data.total} looked at;{' '}
              {output.data.excluded_for_missing_data} excluded for missing data). Loosen a criterion
              and run again.
            </Text>
            <MissingCriteria output={output.data} />
          </Stack>
        ) : (
          <Stack gap="sm">
            <MissingCriteria output={output.data} />
            <ResultsTable
              key={output.data.completed_at}
              output={output.data}
              selection={selection}
            />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
