/** Network helpers of the scripts (the production smoke test, the web benchmark). */
import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
