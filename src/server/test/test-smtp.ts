import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/** A real SMTP server on loopback that can be told to refuse mail (an outage) or to hold it. */
export function startTestSmtp() {
  const received: { to: string; raw: string; at: number }[] = [];
  let refuse = false;
  /** While set, each message waits after its data until `release` (a slow SMTP server). */
  let holding: { opened: Promise<void>; open: () => void } | null = null;
  let held = 0;
  let mostHeld = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', async () => {
        if (holding) {
          held += 1;
          mostHeld = Math.max(mostHeld, held);
          await holding.opened;
          held -= 1;
        }
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
    /** Holds every message from now on until `release`. */
    hold(): void;
    release(): void;
    /** How many messages are held now, and the most held at once since the server started. */
    held(): { now: number; most: number };
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
        hold: () => {
          let open!: () => void;
          const opened = new Promise<void>((done) => {
            open = done;
          });
          holding = { opened, open };
        },
        release: () => {
          holding?.open();
          holding = null;
        },
        held: () => ({ now: held, most: mostHeld }),
        close: () => {
          holding?.open();
          return new Promise((done) => server.close(() => done()));
        },
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
