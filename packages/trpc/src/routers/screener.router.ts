import {
  ZDeleteTemplateInput,
  ZRunScreenerInput,
  ZRunScreenerOutput,
  ZSaveTemplateInput,
  ZScreenerOutput,
  ZTemplateMessageOutput,
  ZTemplatesOutput,
} from '@tradebot/api-contract';
import { authedProcedure, router } from '../trpc.js';

/** Screening templates, screener runs and their output. */
export const screenerRouter = router({
  templates: authedProcedure
    .output(ZTemplatesOutput)
    .query(({ ctx }) => ctx.services.screeningTemplates.list(ctx.session.userId)),
  saveTemplate: authedProcedure
    .input(ZSaveTemplateInput)
    .output(ZTemplateMessageOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.screeningTemplates.save(ctx.session.userId, input.name, input.criteria),
    ),
  deleteTemplate: authedProcedure
    .input(ZDeleteTemplateInput)
    .output(ZTemplateMessageOutput)
    .mutation(({ ctx, input }) =>
      ctx.services.screeningTemplates.remove(ctx.session.userId, input.name),
    ),
  run: authedProcedure
    .input(ZRunScreenerInput)
    .output(ZRunScreenerOutput)
    .mutation(({ ctx, input }) => ctx.services.screener.run(ctx.session, input)),
  output: authedProcedure
    .output(ZScreenerOutput)
    .query(({ ctx }) => ctx.services.screener.output(ctx.session)),
});
