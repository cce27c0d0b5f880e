/**
 * GET /api/v1.0/events (docs/decisions/0068): one server-sent-events stream per signed-in
 * tab. Signed in like every call (the bearer header; 401 without a valid session, from the auth
 * hook); heartbeats as SSE comments every LIVE_HEARTBEAT_SECONDS; `Last-Event-ID` resumes from this
 * instance's ring buffer, and a first stream's `?dataAge=` catches up on the events since its data
 * was fetched (decision 0076; `event: reset` when it cannot); never compressed (the reply is written raw,
 * past @fastify/compress, whose types exclude text/event-stream anyway). The stream ends when the
 * session does: sign-out, deactivation or role change (session notices), or the token's expiry.
 */
import { errorResponse, liveEventsQuery } from '@selvedge/shared';
import { decodeJwt } from 'jose';
import { bearerToken, currentUser } from '../../platform/auth';
import type { ApiModule, AppContext } from '../../platform/context';
import { EventHub, type LiveStream } from './events.hub';

/** The hub of each running app (tests wait on it and count its streams). */
export const liveHubs = new WeakMap<AppContext, EventHub>();

/** Bytes a slow client may leave unread before its stream is ended (it reconnects and refetches). */
const MAX_BUFFERED = 1024 * 1024;

export const eventRoutes: ApiModule = (app, ctx) => {
  const hub = new EventHub(ctx.db, app.sessionCache, app.log);
  liveHubs.set(ctx, hub);
  hub.start();
  // Before the server stops accepting: open streams would keep app.close() waiting for ever.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  app.get(
    '/events',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['events'],
        summary: 'Live updates of what the user may see, as text/event-stream',
        querystring: liveEventsQuery,
        response: { 400: errorResponse, 401: errorResponse },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const receiver = await hub.receiverOf(user);
      // The auth hook verified this token; its expiry ends the stream.
      const exp = decodeJwt(bearerToken(req) ?? '').exp;
      const lastEventId = req.headers['last-event-id'];

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies pass each event on at once.
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      // The idle timeout would cut a quiet stream; heartbeats show a dead client instead.
      req.raw.socket?.setTimeout(0);

      let ended = false;
      let expiry: NodeJS.Timeout | undefined;
      const write = (text: string) => {
        if (ended) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED) stream.end();
      };
      const stream: LiveStream = {
        ...receiver,
        send: (frame: string) => write(frame),
        reset: () => write('event: reset\ndata: {}\n\n'),
        heartbeat: () => write(': heartbeat\n\n'),
        end: () => {
          if (ended) return;
          ended = true;
          clearTimeout(expiry);
          hub.remove(stream);
          res.end();
        },
      };
      if (typeof exp === 'number') {
        expiry = setTimeout(() => stream.end(), Math.min(Math.max(0, exp * 1000 - Date.now()), 2 ** 31 - 1));
        expiry.unref();
      }
      res.on('close', () => stream.end());
      write(': connected\n\n');
      hub.add(stream, {
        lastEventId: typeof lastEventId === 'string' && lastEventId ? lastEventId : undefined,
        dataAgeMs: req.query.dataAge,
      });
    },
  );
};
