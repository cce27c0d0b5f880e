/**
 * Network helpers of the browser suite's runner and journeys: the server tests' own `freePort` (a
 * TCP port the system gives, nobody listening on it right now). A fixed or random port may be taken:
 * on this machine kind Redis, NATS, Mosquitto and others listen on well-known ones.
 */
export { freePort } from '../../apps/server/src/test/serverProcess';
