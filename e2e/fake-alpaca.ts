import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The key id the fake accepts; any other key is refused with Alpaca's 401. */
export const E2E_ALPACA_KEY = 'PKE2EALPACA0001';

/**
 * A stand-in for Alpaca's trading API, so no browser test reaches the real Alpaca: `GET
 * /v2/account` answers Alpaca's documented account JSON for `E2E_ALPACA_KEY` (401 for other keys);
 * every other path is unavailable (503), which the app shows as "Unknown".
 */
export function startFakeAlpaca(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.url !== '/v2/account') return json(503, { message: 'unavailable' });
    if (request.headers['apca-api-key-id'] !== E2E_ALPACA_KEY)
      return json(401, { code: 40110000, message: 'request is not authorized' });
    json(200, {
      id: '904837e3-3b76-47ec-b432-046db621571b',
      account_number: 'PA2XK4QVZ1XY',
      status: 'ACTIVE',
      currency: 'USD',
      buying_power: '200000.5',
      cash: '100000.25',
      equity: '101250.75',
      last_equity: '100980.1',
      pattern_day_trader: false,
      trading_blocked: false,
      account_blocked: false,
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}
