// A loopback port nothing listens on, as localhost:8070 is on a machine without GROBID. Not a
// made-up low port: fetch refuses the spec's "bad ports" (1, 9, …) itself, which is no refusal.
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port that was free a moment ago: bound, then closed. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
