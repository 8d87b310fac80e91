/** packages/trpc: procedure kinds, routers and the `AppRouter` type scripts and the web app use. */
export type { Context } from './context.js';
export { appRouter, type AppRouter } from './router.js';
export { createCallerFactory, type ProcedureMeta } from './trpc.js';
