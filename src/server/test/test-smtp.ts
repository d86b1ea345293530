import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/** A real SMTP server on loopback that can be told to refuse mail (an outage). */
export function startTestSmtp() {
  const received: { to: string; raw: string; at: number }[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        if (refuse) return callback(new Error('451 Tijdelijk niet beschikbaar'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, at: Date.now() });
        callback();
      });
    },
  });
  return new Promise<{
    port: number;
    received: typeof received;
    /** How many messages reached this address. */
    countTo(address: string): number;
    setRefuse(v: boolean): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.server.address() as { port: number }).port;
      resolve({
        port,
        received,
        countTo: (address) => received.filter((m) => m.to === address).length,
        setRefuse: (v) => {
          refuse = v;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** An SMTP address where nothing listens: a server that is down refuses the connection at once. */
export function downSmtpUrl(): Promise<string> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(`smtp://127.0.0.1:${port}`));
    });
  });
}
