/**
 * s3rver (an S3 server on the local disk) for the tests of S3 storage: its class, typed for the part
 * the tests use (s3rver 3.7 is untyped CommonJS), and `startS3rver`, which runs one on a free port of
 * 127.0.0.1 with the given buckets.
 */
import { createRequire } from 'node:module';

/** A running (or runnable) s3rver. */
export interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

/** s3rver's class, as its CommonJS module exports it. */
export const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/**
 * Starts s3rver keeping its objects under `directory`, with `buckets` made; answers the server and
 * its endpoint URL. 127.0.0.1 rather than s3rver's default 'localhost', which Node may resolve to ::1
 * first.
 */
export async function startS3rver(directory: string, buckets: string[]) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}` };
}
