/**
 * The server tests' own process helpers (apps/server/src/test/serverProcess.ts), for the browser
 * suite's runner and journeys: `freePort`, a TCP port the system gives (a fixed or random one may be
 * taken: on this machine kind Redis, NATS, Mosquitto and others listen on well-known ones), and
 * `startServerProcess`, the server bundle started on such a port and awaited until it answers.
 */
export { freePort, startServerProcess } from '../../apps/server/src/test/serverProcess';
