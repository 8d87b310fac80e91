/** A repo script as a child process through tsx, for the benches that time other processes. */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs a repo script with `env` (PATH added when missing); resolves with the JSON of its
 * `RESULT` line, empty without one, and fails with its output when it exits non-zero.
 */
export function runScript<T = Record<string, unknown>>(
  args: string[],
  env: Record<string, string>,
): Promise<T> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code === 0) done((line ? JSON.parse(line.slice('RESULT '.length)) : {}) as T);
      else fail(new Error(`${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
}
