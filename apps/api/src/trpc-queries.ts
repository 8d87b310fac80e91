import { appRouter, type Context } from '@tradebot/trpc';
import {
  callTRPCProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type TRPCError,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Procedures = Record<string, { _def: { type: string } } | undefined>;
const procedures = appRouter._def.procedures as unknown as Procedures;

/** The calls of a GET /trpc request when every one is a query; null leaves it to the adapter. */
function queryCalls(
  url: string,
): { batch: boolean; calls: Array<{ path: string; input: unknown }> } | null {
  const query = url.indexOf('?');
  let paths: string[];
  let params: URLSearchParams;
  let raw: unknown;
  try {
    paths = decodeURIComponent(url.slice('/trpc/'.length, query === -1 ? undefined : query)).split(
      ',',
    );
    params = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
    const input = params.get('input');
    raw = input === null ? undefined : JSON.parse(input);
  } catch {
    return null;
  }
  const batch = params.get('batch') === '1';
  if (!batch && paths.length !== 1) return null;
  if (paths.some((path) => procedures[path]?._def.type !== 'query')) return null;
  if (batch && raw !== undefined && (typeof raw !== 'object' || raw === null)) return null;
  const calls = paths.map((path, index) => ({
    path,
    input: batch ? (raw as Record<string, unknown> | undefined)?.[index] : raw,
  }));
  return { batch, calls };
}

/**
 * GET query calls, single or batched, answered with the same JSON as tRPC's Fastify adapter
 * but without it: the adapter builds a Fetch Request, abort signals and a streamed Response for
 * each call, which cost twice what the procedure itself does (bench/README.md). Everything else
 * (mutations, unknown paths, malformed input) is left to the adapter, which answers it as before.
 * Register it in the scope that holds the tRPC plugin, so it runs on tRPC routes only.
 */
export function registerTrpcQueries(
  app: FastifyInstance,
  buildContext: (request: FastifyRequest) => Promise<Context>,
  onError: (failure: { error: TRPCError; req: FastifyRequest; path?: string }) => void,
) {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET') return;
    const parsed = queryCalls(request.url);
    if (!parsed) return;
    let ctx: Context | undefined;
    let contextError: unknown;
    try {
      ctx = await buildContext(request);
    } catch (error) {
      contextError = error;
    }
    const answer = async ({ path, input }: { path: string; input: unknown }, index: number) => {
      try {
        if (!ctx) throw contextError;
        const data: unknown = await callTRPCProcedure({
          router: appRouter,
          path,
          getRawInput: async () => input,
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex: index,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError({ error, req: request, path });
        const config = appRouter._def._config;
        return { error: getErrorShape({ config, error, type: 'query', path, input, ctx }) };
      }
    };
    const results = await Promise.all(parsed.calls.map(answer));
    const body = parsed.batch ? results : results[0];
    return reply
      .status(getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]))
      .header('content-type', 'application/json')
      .send(JSON.stringify(body));
  });
}
