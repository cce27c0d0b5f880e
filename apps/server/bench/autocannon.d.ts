/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: Request[];
    timeout?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** A run: its result when awaited, and its events ('start' once, 'response' per answer). */
  interface Instance extends Promise<Result> {
    on(event: 'start' | 'response', listener: () => void): Instance;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
