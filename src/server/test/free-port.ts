import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * A port the OS has just given out and taken back, for a server a test starts in another process
 * (which cannot listen on 0 and tell us). Never a fixed number: two checkouts may test at once.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
