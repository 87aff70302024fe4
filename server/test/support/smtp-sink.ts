import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the in-process SMTP server received, parsed. */
export interface ReceivedMail {
  /** RCPT TO addresses of the envelope. */
  to: string[];
  subject: string;
  text: string;
  html: string | false;
  raw: ParsedMail;
}

/** A real SMTP server on a loopback port that keeps every message it receives (tests only). */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` — pass as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within `timeoutMs`) matching `match`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * From now on answers `RCPT TO:<address>` (case-insensitive) with `code` and `text` — a 5xx is a hard
   * bounce (the message is refused), a 4xx a temporary failure — until {@link accept} is called for it.
   */
  reject(address: string, code?: number, text?: string): void;
  /** Accepts `address` again. */
  accept(address: string): void;
  close(): Promise<void>;
}

/**
 * Starts an {@link SmtpSink} without authentication or TLS on a loopback port.
 * @param port the port to listen on (default: a free one)
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const refusals = new Map<string, { code: number; text: string }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html,
            raw: parsed,
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client that dies mid-conversation (a server process killed with -9 while its pooled connections are
  // open) resets its socket: smtp-server reports that as an 'error' event, which without a listener would
  // be thrown at the test run. The message in flight is simply not received, as with a real mail server.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`smtp sink: ${error.message}`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(', ')})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    reject(address, code = 550, text = '5.1.1 No such user here') {
      refusals.set(address.toLowerCase(), { code, text });
    },
    accept(address) {
      refusals.delete(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
