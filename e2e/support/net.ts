/** Network helpers of the browser suite's runner and journeys. */
import { createServer } from 'node:net';

/**
 * A TCP port nobody listens on right now (the system picks it). A fixed or random port may be
 * taken: on this machine kind Redis, NATS, Mosquitto and others listen on well-known ones.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
