import { ui, type TStockParameters } from '@tradebot/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverDetail, useTRPC, useTRPCClient } from '../../../lib/trpc';
import { toast } from '../toast';
import { finalListPayload, firstInvalid } from './parameter-edits';

/**
 * The Trading tab's lists (Optimized Parameters, Final Trading List, Undo) and the moves between
 * them. Every move refetches all three, so both tables always show what the server holds.
 */
export function useTradingLists() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
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
  const [moving, setMoving] = useState(false);
  const [starting, setStarting] = useState(false);

  const refresh = () =>
    Promise.all(
      [
        trpc.stockLists.backtesterOutput.queryKey(),
        trpc.stockLists.finalTradingConfig.queryKey(),
        trpc.stockLists.undoState.queryKey(),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  /**
   * Confirm Save: moves the stocks, then (there being no call that saves Optimized Parameters
   * edits) writes the edited stocks' parameters onto the Final Trading List they just joined.
   */
  const moveToFinal = async (symbols: string[], edited: Record<string, TStockParameters>) => {
    const invalid = firstInvalid(edited);
    if (invalid) {
      toast.error(invalid);
      return false;
    }
    setMoving(true);
    try {
      const { moved } = await select.mutateAsync({ symbols });
      const keep = Object.fromEntries(
        Object.entries(edited).filter(([symbol]) => moved.includes(symbol)),
      );
      if (Object.keys(keep).length > 0) {
        const current = await client.stockLists.finalTradingConfig.query();
        await update.mutateAsync(finalListPayload(current, keep));
      }
      toast.success(ui.movedToFinalList(moved.length));
      return true;
    } catch (caught) {
      toast.error(serverDetail(caught, ui.saveOptimizedFailed));
      return false;
    } finally {
      setMoving(false);
      await refresh();
    }
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
    const entries = finalList.data ?? [];
    const invalid = firstInvalid(replace);
    if (invalid) {
      toast.error(invalid);
      return false;
    }
    try {
      await update.mutateAsync(finalListPayload(entries, replace, remove));
      if (success !== null) toast.success(success);
      return true;
    } catch (caught) {
      toast.error(serverDetail(caught, failure));
      return false;
    } finally {
      await refresh();
    }
  };

  /**
   * Begin Trading: saves the list as shown, then starts the bot (POST /api/start), which trades
   * that list with each stock's saved parameters. A bot already running keeps running and reads
   * the saved list at its next tick.
   */
  const beginTrading = async (replace: Record<string, TStockParameters>) => {
    if (!(await saveFinal(replace, [], null, ui.startTradingFailed))) return false;
    setStarting(true);
    try {
      await start.mutateAsync();
      toast.success(ui.tradingBotStarted);
      return true;
    } catch (caught) {
      toast.error(startTradingFailure(caught));
      return false;
    } finally {
      setStarting(false);
      await queryClient.invalidateQueries({ queryKey: trpc.bot.status.queryKey() });
    }
  };

  const undo = async () => {
    try {
      const { moved } = await undoMove.mutateAsync();
      toast.success(ui.undoSuccessful(moved.length));
    } catch (caught) {
      toast.error(serverDetail(caught, ui.undoFailed));
    } finally {
      await refresh();
    }
  };

  const resetOptimized = async () => {
    try {
      await reset.mutateAsync();
      toast.success(ui.resetToBacktestDefaults);
      return true;
    } catch (caught) {
      toast.error(serverDetail(caught, ui.saveOptimizedFailed));
      return false;
    } finally {
      await refresh();
    }
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
      move: moving,
      update: update.isPending && !moving,
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
