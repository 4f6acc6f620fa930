// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** called every time the request is built (before each send): return the request to send */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** called with each answer to this request */
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  export interface Client {
    setRequests(requests: Request[]): void;
  }

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** seconds */
    duration?: number;
    /** total requests (ends the run instead of `duration`) */
    amount?: number;
    /** seconds before a request counts as timed out */
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
    excludeErrorStats?: boolean;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
