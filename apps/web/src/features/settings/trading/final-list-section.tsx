import { ui, type TStockParameters } from '@tradebot/api-contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useStartsLive } from '../../../components/use-market';
import { unprovenStocks } from '../../../lib/edge-evidence';
import { ConfirmDialog } from './confirm-dialog';
import { FinalListTable, type RowEditing } from './final-list-table';
import { ListBody } from './list-body';
import { resolveParameters } from './parameter-edits';
import { PreviewPanel } from './preview/preview-panel';
import { riskQuote } from './preview/risk-quote';
import { usePortfolioPreview } from './preview/use-portfolio-preview';
import { UnprovenDialog } from './unproven-dialog';
import type { TradingLists } from './use-trading-lists';

/** The Final Trading List with per-row Edit/Save/Remove, Undo and Begin Trading. */
export function FinalListSection({ lists }: { lists: TradingLists }) {
  const { finalList, undoState, schema } = lists;
  const [editing, setEditing] = useState<RowEditing | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const entries = finalList.data ?? [];
  const empty = entries.length === 0;
  const undoable = undoState.data?.symbols ?? [];

  /** The open row's edits, so Save and Begin Trading send what the user sees. */
  const openEdit = (): Record<string, TStockParameters> => {
    const entry = editing && entries.find((e) => e.symbol === editing.symbol);
    return entry && editing ? { [entry.symbol]: resolveParameters(entry, editing.draft) } : {};
  };
  const saveRow = async () => {
    if (await lists.saveFinal(openEdit())) setEditing(null);
  };
  const remove = async () => {
    if (removing === null) return;
    if (await lists.saveFinal({}, [removing], ui.removedFromFinalList(removing))) {
      if (editing?.symbol === removing) setEditing(null);
      setRemoving(null);
    }
  };
  const startsLive = useStartsLive();
  const [askingLive, setAskingLive] = useState(false);
  const unproven = unprovenStocks(entries);
  const [askingUnproven, setAskingUnproven] = useState(false);
  const preview = usePortfolioPreview(entries);
  /** The risk of the list as it stands, from its preview (null without one). */
  const risk =
    preview.current && !preview.running ? riskQuote(preview.status?.result?.monte_carlo) : null;
  const [askingRisk, setAskingRisk] = useState(false);
  const begin = async () => {
    setAskingLive(false);
    setAskingRisk(false);
    if (await lists.beginTrading(openEdit())) setEditing(null);
  };
  /**
   * After any stocks without evidence were confirmed: live mode asks once more, and so does a
   * list with a preview, quoting its risk.
   */
  const proceed = () => {
    setAskingUnproven(false);
    if (startsLive) setAskingLive(true);
    else if (risk !== null) setAskingRisk(true);
    else void begin();
  };

  return (
    <Card withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Title order={3} fz="md">
              Final Trading List
            </Title>
            <Text size="xs" c="dimmed">
              The stocks the bot trades, each with its own parameters.
            </Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={empty}
              loading={preview.starting || preview.running}
              onClick={() => void preview.start()}
              data-testid="preview-start"
            >
              Preview the list on one account
            </Button>
            {undoable.length > 0 && (
              <Button
                variant="default"
                disabled={empty}
                loading={lists.pending.undo}
                onClick={() => void lists.undo()}
                title={`Return ${undoable.join(', ')} to Optimized Parameters`}
              >
                Undo
              </Button>
            )}
            <Button
              color="teal"
              disabled={empty}
              loading={
                lists.pending.start ||
                (lists.pending.update && editing === null && removing === null)
              }
              onClick={() => (unproven.length > 0 ? setAskingUnproven(true) : proceed())}
            >
              Begin Trading
            </Button>
          </Group>
        </Group>
        <ListBody
          list={finalList}
          schema={schema}
          empty={empty}
          emptyText={ui.noTradingStocks}
          emptyTestId="final-empty"
        >
          {(loaded) => (
            <FinalListTable
              entries={entries}
              numeric={loaded.numeric}
              flags={loaded.flags}
              editing={editing}
              onEdit={setEditing}
              saving={lists.pending.update}
              onSave={() => void saveRow()}
              onRemove={setRemoving}
            />
          )}
        </ListBody>
        <PreviewPanel preview={preview} />
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing ?? ''}`}
        confirmLabel="Remove"
        loading={lists.pending.update}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        {removing} leaves the Final Trading List and returns to Optimized Parameters with its
        parameters, where you can edit it or save it back.
      </ConfirmDialog>
      <UnprovenDialog
        stocks={askingUnproven ? unproven : null}
        onCancel={() => setAskingUnproven(false)}
        onConfirm={proceed}
      />
      <ConfirmDialog
        opened={askingLive}
        title="Trade real money?"
        confirmLabel="Start in live mode"
        loading={lists.pending.start || lists.pending.update}
        onCancel={() => setAskingLive(false)}
        onConfirm={() => void begin()}
      >
        {ui.liveStartConfirm}
        {risk !== null && ` ${risk}`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={askingRisk}
        title="Begin trading?"
        confirmLabel="Begin Trading"
        loading={lists.pending.start || lists.pending.update}
        onCancel={() => setAskingRisk(false)}
        onConfirm={() => void begin()}
      >
        <span data-testid="begin-risk">{risk}</span> {ui.beginTradingConfirm}
      </ConfirmDialog>
    </Card>
  );
}
