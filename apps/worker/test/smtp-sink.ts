import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server accepted it. */
export interface ReceivedMail {
  to: string;
  messageId: string;
  subject: string;
  /** Everything after the headers: what must be equal when a Message-ID is delivered twice. */
  body: string;
  raw: string;
}

/** Unfolds the header block and returns the value of one header (case-insensitive). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim() ?? '';
}

/**
 * A real SMTP server in the test process that records what it accepts. `delayMs` holds each
 * message before the 250 reply, so tests can act while deliveries are in flight; `rejectNext`
 * refuses that many messages with a temporary error.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const state = {
    rejectNext: 0,
    delayMs: options.delayMs ?? 0,
    /** Called as each message is accepted, just before the 250 reply goes out. */
    onAccept: (_count: number) => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        setTimeout(() => {
          if (state.rejectNext > 0) {
            state.rejectNext -= 1;
            return callback(new Error('451 try again later'));
          }
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            messageId: header(raw, 'message-id'),
            subject: header(raw, 'subject'),
            body: raw
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n\n'),
            raw,
          });
          state.onAccept(received.length);
          callback();
        }, state.delayMs);
      });
    },
  });
  // A worker killed or stopped mid-message resets its connection: the crash and drain tests do
  // that on purpose, so a reset client is expected here, not a failure of the run.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
