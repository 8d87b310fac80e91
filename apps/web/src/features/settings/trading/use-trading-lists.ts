import { ui, type TStockParameters } from '@tradebot/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { useMutationToast } from '../../../lib/use-mutation-toast';
import { finalListPayload, firstInvalid } from './parameter-edits';

/**
 * The Trading tab's lists (Optimized Parameters, Final Trading List, Undo) and the moves between
 * them. Every move refetches all three, so both tables always show what the server holds.
 */
export function useTradingLists() {
  const trpc = useTRPC();
  const run = useMutationToast();
  const optimized = useQuery(trpc.stockLists.backtesterOutput.queryOptions());
  const finalList = useQuery(trpc.stockLists.finalTradingConfig.queryOptions());
  const undoState = useQuery(trpc.stockLists.undoState.queryOptions());
  const schema = useQuery(
    trpc.stockLists.parameterSchema.queryOptions(undefined, { staleTime: Infinity }),
  );
  const select = useMutation(trpc.stockLists.selectForTrading.mutationOptions());
  const update = useMutation(trpc.stockLists.updateFinalTradingConfig.mutationOptions());
  const undoMove = useMutation(trpc.stockLists.undo.mutationOptions());
  const reset = useMutation(trpc.stockLists.resetOptimized.mutationOptions());
  const start = useMutation(trpc.bot.start.mutationOptions());
  const [starting, setStarting] = useState(false);

  const lists = [
    trpc.stockLists.backtesterOutput.queryKey(),
    trpc.stockLists.finalTradingConfig.queryKey(),
    trpc.stockLists.undoState.queryKey(),
  ];

  /** An edit the server would refuse is named before anything is sent. */
  const refuse = (edited: Record<string, TStockParameters>) => {
    const invalid = firstInvalid(edited);
    if (invalid) notify.error(invalid);
    return invalid !== null;
  };

  /** Confirm Save: moves the stocks with their edits in one call (one transaction). */
  const moveToFinal = async (symbols: string[], edited: Record<string, TStockParameters>) => {
    if (refuse(edited)) return false;
    const moved = await run(() => select.mutateAsync({ symbols, parameters: edited }), {
      success: (answer) => ui.movedToFinalList(answer.moved.length),
      failure: ui.saveOptimizedFailed,
      refresh: lists,
    });
    return moved.ok;
  };

  /**
   * Per-row Save, Remove and Begin Trading all send the whole list. `success` null: no toast
   * (Begin Trading says what happened once the bot has answered).
   */
  const saveFinal = async (
    replace: Record<string, TStockParameters>,
    remove: string[] = [],
    success: string | null = ui.finalListUpdated,
    failure: string = ui.updateFinalListFailed,
  ) => {
    if (refuse(replace)) return false;
    const entries = finalList.data ?? [];
    const saved = await run(() => update.mutateAsync(finalListPayload(entries, replace, remove)), {
      success,
      failure,
      refresh: lists,
    });
    return saved.ok;
  };

  /**
   * Begin Trading: saves the list as shown, then starts the bot (POST /api/start), which trades
   * that list with each stock's saved parameters. A bot already running keeps running and reads
   * the saved list at its next tick.
   */
  const beginTrading = async (replace: Record<string, TStockParameters>) => {
    if (!(await saveFinal(replace, [], null, ui.startTradingFailed))) return false;
    setStarting(true);
    const started = await run(() => start.mutateAsync(), {
      success: ui.tradingBotStarted,
      failure: startTradingFailure,
      refresh: [trpc.bot.status.queryKey()],
    });
    setStarting(false);
    return started.ok;
  };

  const undo = async () => {
    await run(() => undoMove.mutateAsync(), {
      success: (answer) => ui.undoSuccessful(answer.moved.length),
      failure: ui.undoFailed,
      refresh: lists,
    });
  };

  const resetOptimized = async () => {
    const done = await run(() => reset.mutateAsync(), {
      success: ui.resetToBacktestDefaults,
      failure: ui.saveOptimizedFailed,
      refresh: lists,
    });
    return done.ok;
  };

  return {
    optimized,
    finalList,
    undoState,
    schema,
    moveToFinal,
    saveFinal,
    beginTrading,
    undo,
    resetOptimized,
    pending: {
      move: select.isPending,
      update: update.isPending,
      start: starting,
      undo: undoMove.isPending,
      reset: reset.isPending,
    },
  };
}

/** 'Failed to start trading', with the server's reason when it gave one. */
export function startTradingFailure(caught: unknown): string {
  const detail = serverDetail(caught, '');
  return detail ? `${ui.startTradingFailed}: ${detail}` : ui.startTradingFailed;
}

export type TradingLists = ReturnType<typeof useTradingLists>;
