import { createServer, type Server } from 'node:http';
import { collectProcessMetrics, metricsAuthorized, metricsRegistry } from '@tradebot/core';

/**
 * The worker's GET /metrics (README "Metrics and logs"): bot ticks, orders, broker errors and alert
 * deliveries happen in this process, so it serves them itself, behind the same METRICS_TOKEN as
 * the API's. Anything but GET /metrics answers 404; a request without the token 401.
 */
export async function startMetricsServer(options: {
  token: string;
  host: string;
  port: number;
}): Promise<Server> {
  collectProcessMetrics();
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'content-type': type }).end(body);
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics')
      return send(404, 'application/json', '{"detail":"Not Found"}');
    if (!metricsAuthorized(request.headers.authorization, options.token))
      return send(401, 'application/json', '{"detail":"Not authenticated"}');
    metricsRegistry.metrics().then(
      (text) => send(200, metricsRegistry.contentType, text),
      () => send(500, 'application/json', '{"detail":"Metrics could not be read"}'),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, done);
  });
  return server;
}
