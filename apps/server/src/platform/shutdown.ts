/**
 * Graceful shutdown of a process (server or worker) on SIGINT/SIGTERM: runs `steps` in order once,
 * then exits 0; exits 1 when they take longer than `timeoutMs` (a stuck connection must not keep a
 * stopping container alive). A second signal while closing is ignored.
 */
export function exitGracefullyOnSignals(opts: {
  logger: { info: (obj: object, msg: string) => void };
  what: string;
  timeoutMs: number;
  steps: () => Promise<void>;
}): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    opts.logger.info({ signal }, `${opts.what} shutting down`);
    const force = setTimeout(() => process.exit(1), opts.timeoutMs).unref();
    try {
      await opts.steps();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
