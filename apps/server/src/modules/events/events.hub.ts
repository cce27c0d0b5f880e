/**
 * The live-update hub of one instance (docs/decisions/0068): listens for the
 * `selvedge_events` notices every instance's committed changes send (platform/liveEvents.ts),
 * keeps the last RING_SIZE of them for Last-Event-ID resume, and hands each to the open streams
 * whose user may see it (events.scope.ts). Streams of a session that ended (sign-out, expiry,
 * deactivation, role change) close at once: the session cache's notices tell which user changed.
 */
import { LIVE_HEARTBEAT_SECONDS, type LiveEvent } from '@selvedge/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthUser, type SessionCache, sessionUser } from '../../platform/auth';
import { type Db, listenForNotices, type NoticeListener } from '../../platform/db';
import { LIVE_EVENTS_CHANNEL, type PublishedEvent } from '../../platform/liveEvents';
import { visibleCustomerIds } from '../access/access';
import { eventFor, mayReceive, type Receiver } from './events.scope';

/** Events kept for resume (per instance; older ids answer `reset`). */
export const RING_SIZE = 2_000;

/**
 * What a `?dataAge=` catch-up goes back beyond the age the tab gave, in ms (decision 0076): the tab
 * dates its data when the answer arrived, after the server read it, and the stream's request takes
 * time to arrive too. Events from the margin are sent again at worst: a refetch more, nothing lost.
 */
export const DATA_AGE_MARGIN_MS = 2_000;

/** An event as received by this instance: `receivedAt` in ms (Date.now()). */
interface ReceivedEvent {
  published: PublishedEvent;
  receivedAt: number;
}

/** One open stream: its receiver and how to write to it. */
export interface LiveStream extends Receiver {
  /** Writes an event frame (`frameOf` an event already filtered and projected for this receiver). */
  send(frame: string): void;
  /** Tells the client that events may have been missed: refetch everything. */
  reset(): void;
  /** Writes a heartbeat comment. */
  heartbeat(): void;
  /** Ends the stream (the session ended, or the server closes). */
  end(): void;
}

/** An event as text/event-stream: its id (for Last-Event-ID), its kind as the event name, the JSON. */
export const frameOf = (event: LiveEvent) =>
  `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

/** Where a new stream starts: after an event it saw, or with the events of the last `dataAgeMs`. */
export interface StreamStart {
  lastEventId?: string;
  dataAgeMs?: number;
}

export class EventHub {
  private readonly ring: ReceivedEvent[] = [];
  /**
   * From when (ms) this instance holds every event it was sent: since LISTEN last came up, and
   * after the newest event the ring dropped. Null while not listening.
   */
  private coveredFrom: number | null = null;
  private readonly streams = new Set<LiveStream>();
  private listener: NoticeListener | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopSessions: (() => void) | undefined;
  /** Whether notices arrive (false before LISTEN and while the connection is down). */
  private live = false;
  /** Events delivered to streams (counted for tests and the benchmark). */
  delivered = 0;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionCache,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening; heartbeats every LIVE_HEARTBEAT_SECONDS. */
  start() {
    this.listener = listenForNotices(this.db, LIVE_EVENTS_CHANNEL, {
      notice: (payload) => this.receive(payload),
      up: () => {
        const wasDown = !this.live && this.ring.length > 0;
        if (!this.live) this.coveredFrom = Date.now();
        this.live = true;
        // Back after an outage: what was sent meanwhile is lost; every stream refetches.
        if (wasDown) for (const s of this.streams) s.reset();
      },
      down: () => {
        this.live = false;
        this.coveredFrom = null;
      },
    });
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) s.heartbeat();
    }, LIVE_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
    this.stopSessions = this.sessions.onChange((userId) => void this.recheck(userId));
  }

  /** Ends every stream and stops listening. */
  async close() {
    clearInterval(this.heartbeat);
    this.stopSessions?.();
    for (const s of [...this.streams]) s.end();
    this.streams.clear();
    await this.listener?.close();
  }

  /** Whether notices arrive now (LISTEN in effect on the instance's notice connection). */
  get isLive() {
    return this.live;
  }

  /** From when (ms) this instance holds every event it was sent; null while not listening (tests). */
  get coverageStart(): number | null {
    return this.coveredFrom;
  }

  /** Number of open streams. */
  get size() {
    return this.streams.size;
  }

  /** Resolves once every event committed before the call reached this hub (tests). */
  async sync() {
    await this.listener?.sync();
  }

  /** The receiver of a new stream: the user and the customers it may see. */
  async receiverOf(user: AuthUser): Promise<Receiver> {
    return { user, customers: await visibleCustomerIds(this.db, user) };
  }

  /**
   * Adds a stream. With `lastEventId`, first replays what the stream missed since that event
   * (filtered as ever), or sends `reset` when this instance does not know the id (too old, or seen
   * on another instance). Else with `dataAgeMs` (a tab's first stream, decision 0076), first
   * replays the events received in the last `dataAgeMs` + DATA_AGE_MARGIN_MS, or sends `reset`
   * when this instance may have missed some of them (it was not listening yet, or the ring dropped them).
   */
  add(stream: LiveStream, start: StreamStart = {}) {
    if (start.lastEventId) {
      const at = this.ring.findIndex((r) => r.published.event.id === start.lastEventId);
      if (at < 0) stream.reset();
      else for (const r of this.ring.slice(at + 1)) this.deliverTo(stream, r.published);
    } else if (start.dataAgeMs !== undefined) {
      const since = Date.now() - start.dataAgeMs - DATA_AGE_MARGIN_MS;
      if (this.coveredFrom === null || since < this.coveredFrom) stream.reset();
      else for (const r of this.ring) if (r.receivedAt >= since) this.deliverTo(stream, r.published);
    }
    this.streams.add(stream);
  }

  /** Removes a stream (its connection closed). */
  remove(stream: LiveStream) {
    this.streams.delete(stream);
  }

  private receive(payload: string) {
    let published: PublishedEvent;
    try {
      published = JSON.parse(payload) as PublishedEvent;
    } catch {
      return;
    }
    if (!published?.event?.id || !published.audience) return;
    this.ring.push({ published, receivedAt: Date.now() });
    if (this.ring.length > RING_SIZE) {
      const dropped = this.ring.splice(0, this.ring.length - RING_SIZE);
      // What arrived in the same millisecond as the newest dropped event may be gone too.
      if (this.coveredFrom !== null)
        this.coveredFrom = Math.max(this.coveredFrom, dropped.at(-1)!.receivedAt + 1);
    }
    // One frame per projection, not per stream: 1,000 streams share a handful of strings.
    const frames = new Map<string, string>();
    for (const s of this.streams) this.deliverTo(s, published, frames);
  }

  private deliverTo(stream: LiveStream, p: PublishedEvent, frames = new Map<string, string>()) {
    if (!mayReceive(stream, p.audience)) return;
    const event = eventFor(stream.user.role, p.event);
    const key = event.kind === 'order' ? event.change : '';
    let frame = frames.get(key);
    if (frame === undefined) {
      frame = frameOf(event);
      frames.set(key, frame);
    }
    stream.send(frame);
    this.delivered++;
  }

  /**
   * The sessions of `userId` (null: anyone's) may have changed: each of its streams reads its
   * session again; an ended one (or a changed role) closes, changed assignments take effect.
   */
  private async recheck(userId: number | null) {
    const affected = [...this.streams].filter((s) => userId === null || s.user.id === userId);
    for (const stream of affected) {
      try {
        const now = await sessionUser(this.db, this.sessions, stream.user.sessionId, stream.user.id);
        if (!now || now.role !== stream.user.role) {
          this.remove(stream);
          stream.end();
          continue;
        }
        const receiver = await this.receiverOf(now);
        stream.user = receiver.user;
        stream.customers = receiver.customers;
      } catch (err) {
        // The database did not answer: close; the client reconnects and is checked again.
        this.log.warn({ err }, 'live stream: session check failed; closing');
        this.remove(stream);
        stream.end();
      }
    }
  }
}
