import {
  ZAccountHistory,
  ZCancelOpenOrderInput,
  ZCancelOpenOrderOutput,
  ZOpenOrdersOutput,
  ZBotActionOutput,
  ZBotChartInput,
  ZBotChartOutput,
  ZBotLogsOutput,
  ZBotStatus,
  ZHistoricalPerformance,
  ZKillSwitchOutput,
  ZLiveLogOutput,
  ZManualSellInput,
  ZManualSellOutput,
  ZPositionsOutput,
  ZTrackedSymbolsOutput,
  ZBotTradesOutput,
  ZBotTwinInput,
  ZBotTwinOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** The trading bot: control, the account, what it trades. */
export const botRouter = router({
  start: authedProcedure
    .output(ZBotActionOutput)
    .mutation(({ ctx }) => ctx.services.bot.start(ctx.session)),
  stop: authedProcedure
    .output(ZBotActionOutput)
    .mutation(({ ctx }) => ctx.services.bot.stop(ctx.session)),
  restart: authedProcedure
    .output(ZBotActionOutput)
    .mutation(({ ctx }) => ctx.services.bot.restart(ctx.session)),
  status: authedProcedure
    .output(ZBotStatus)
    .query(({ ctx }) => ctx.services.bot.status(ctx.session.userId)),
  killSwitch: authedProcedure
    .output(ZKillSwitchOutput)
    .mutation(({ ctx }) => ctx.services.bot.killSwitch(ctx.session)),
  manualSell: authedProcedure
    .input(ZManualSellInput)
    .output(ZManualSellOutput)
    .mutation(({ ctx, input }) => ctx.services.bot.manualSell(ctx.session, input.symbol)),
  positions: authedProcedure
    .output(ZPositionsOutput)
    .query(({ ctx }) => ctx.services.bot.positions(ctx.session)),
  trackedSymbols: authedProcedure
    .output(ZTrackedSymbolsOutput)
    .query(({ ctx }) => ctx.services.bot.trackedSymbols(ctx.session)),
  historicalPerformance: authedProcedure
    .output(ZHistoricalPerformance)
    .query(({ ctx }) => ctx.services.bot.historicalPerformance(ctx.session)),
  trades: authedProcedure
    .output(ZBotTradesOutput)
    .query(({ ctx }) => ctx.services.bot.trades(ctx.session)),
  twin: authedProcedure
    .input(ZBotTwinInput)
    .output(ZBotTwinOutput)
    .query(({ ctx, input }) => ctx.services.bot.twin(ctx.session, input)),
  logs: authedProcedure
    .output(ZBotLogsOutput)
    .query(({ ctx }) => ctx.services.bot.logs(ctx.session.userId)),
  liveLog: authedProcedure
    .output(ZLiveLogOutput)
    .query(({ ctx }) => ctx.services.bot.liveLog(ctx.session.userId)),
  chart: authedProcedure
    .input(ZBotChartInput)
    .output(ZBotChartOutput)
    .query(({ ctx, input }) => ctx.services.bot.chart(ctx.session, input.symbol)),
  accountHistory: authedProcedure
    .output(ZAccountHistory)
    .query(({ ctx }) => ctx.services.bot.accountHistory(ctx.session)),
  openOrders: authedProcedure
    .output(ZOpenOrdersOutput)
    .query(({ ctx }) => ctx.services.bot.openOrders(ctx.session)),
  cancelOpenOrder: authedProcedure
    .input(ZCancelOpenOrderInput)
    .output(ZCancelOpenOrderOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.bot.cancelOpenOrder(ctx.session, input.client_order_id),
    ),
});
