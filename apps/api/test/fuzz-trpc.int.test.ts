import fc from 'fast-check';
import { describe, it } from 'vitest';
import { nastyBody } from './fuzz-inputs.js';
import {
  CALLERS,
  json,
  keysOf,
  procedures,
  randomIp,
  RUNS,
  send,
  useFuzzApi,
} from './fuzz-harness.js';

/** Every tRPC procedure, with malformed input (fuzz-harness.ts). */
useFuzzApi();

describe('every tRPC procedure survives malformed input', () => {
  it.each(procedures)('%s', async (path, procedure) => {
    const input = nastyBody(keysOf(procedure._def.inputs));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALLERS), input, randomIp, async (caller, value, ip) => {
        const text = JSON.stringify(value);
        if (procedure._def.type === 'query') {
          const url = `/trpc/${path}?input=${encodeURIComponent(text)}`;
          await send({ method: 'GET', url, caller, ip });
        } else {
          await send({ method: 'POST', url: `/trpc/${path}`, caller, ip, body: json(value) });
        }
      }),
      { numRuns: RUNS },
    );
  });
});
