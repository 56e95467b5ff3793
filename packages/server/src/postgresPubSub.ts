import { randomUUID } from 'node:crypto';
import { PubSub, type Event, type EventCallback } from '@mastra/core/events';
import pg from 'pg';
import {
  CHANNEL,
  CLEAR_TOPIC,
  createEventTables,
  NEXT_POSITION,
  PUBLISH,
  READ,
  READ_BATCH,
} from './eventsTable.ts';

const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
const RELISTEN_DELAY_MS = 500;

/** Where `postgresPubSub` keeps the events, and for how long. */
export interface PostgresPubSubOptions {
  /** A `postgres://` URL, e.g. the one of Mastra's `PostgresStore`: a small pool and one listening connection. */
  connectionString: string;
  /**
   * How long a topic's events are kept when nobody clears it (a run whose instance died), in
   * milliseconds; 24 hours unless set. A durable agent clears a run's topic 30 s after it ends.
   */
  retentionMs?: number;
}

/** A Mastra `PubSub` shared by every server instance on one PostgreSQL database. */
export interface PostgresPubSub extends PubSub {
  /** Stops listening and ends the connections. */
  close(): Promise<void>;
}

/** One subscriber of one topic: the position of the next event it gets, and its deliveries in order. */
interface Subscription {
  topic: string;
  callback: EventCallback;
  next: number;
  queue: Promise<void>;
}

interface Row {
  position: number;
  event: Omit<Event, 'createdAt'> & { createdAt: string };
}

/**
 * A Mastra `PubSub` over PostgreSQL, for a durable agent's stream (`createDurableAgent({ agent,
 * pubsub, cache: false })`): a run's events go to a table, numbered per topic, and LISTEN/NOTIFY
 * tells every instance that the next ones are there. So Mastra's `observe` route, on whichever
 * instance a reconnecting client reaches, replays a run from any offset and then follows it live,
 * in order, with nothing twice. Events published with `localOnly` stay in this process. Consumer
 * groups (`subscribe`'s `group`) are not supported: keep it off Mastra's own `pubsub` option.
 * @example
 * import { postgresPubSub } from '@ask-user-kit/server/postgres';
 * const pubsub = postgresPubSub({ connectionString: process.env.STORAGE_URL! });
 * const planner = createDurableAgent({ agent, pubsub, cache: false });
 */
export function postgresPubSub(options: PostgresPubSubOptions): PostgresPubSub {
  return new PostgresTablePubSub(options);
}

class PostgresTablePubSub extends PubSub implements PostgresPubSub {
  readonly #pool: pg.Pool;
  readonly #connectionString: string;
  readonly #retentionMs: number;
  readonly #subscriptions = new Map<string, Subscription[]>();
  /** The last publish of each topic from this process: the next one waits for it, keeping call order. */
  readonly #publishing = new Map<string, Promise<unknown>>();
  #ready: Promise<void> | undefined;
  #listener: pg.Client | undefined;
  #closed = false;

  constructor(options: PostgresPubSubOptions) {
    super();
    this.#connectionString = options.connectionString;
    this.#pool = new pg.Pool({ connectionString: options.connectionString, max: 5 });
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  }

  override get supportedModes() {
    return ['push'] as const;
  }

  override get supportsOffsets() {
    return true;
  }

  async publish(topic: string, event: Omit<Event, 'id' | 'createdAt'>, options?: { localOnly?: boolean }) {
    const full = { ...event, id: randomUUID(), createdAt: new Date() } as Event;
    if (options?.localOnly) {
      for (const subscription of this.#subscriptions.get(topic) ?? []) deliver(subscription, full);
      return;
    }
    await this.#init();
    const previous = this.#publishing.get(topic) ?? Promise.resolve();
    const stored = previous
      .catch(() => {})
      .then(() => this.#pool.query(PUBLISH, [topic, JSON.stringify(full)]));
    this.#publishing.set(topic, stored);
    try {
      const { rows } = await stored;
      const position = Number(rows[0].position);
      // This process's subscribers get the event now; the notification then finds them past it.
      for (const subscription of this.#subscriptions.get(topic) ?? []) {
        this.#enqueue(subscription, async () => {
          if (!this.#isSubscribed(subscription)) return;
          if (subscription.next === position) {
            subscription.next += 1;
            deliver(subscription, { ...full, index: position });
          } else if (subscription.next < position) await this.#readOn(subscription);
        });
      }
    } finally {
      if (this.#publishing.get(topic) === stored) this.#publishing.delete(topic);
    }
  }

  /** Live events only: from the next event published. */
  async subscribe(topic: string, callback: EventCallback) {
    await this.#init();
    // Subscribed before its position is known, so that no notification in between goes unheard.
    const subscription: Subscription = { topic, callback, next: 0, queue: Promise.resolve() };
    this.#add(subscription);
    this.#enqueue(subscription, async () => {
      const { rows } = await this.#pool.query(NEXT_POSITION, [topic]);
      subscription.next = Number(rows[0]?.next ?? 0);
      await this.#readOn(subscription);
    });
    await subscription.queue;
  }

  override async subscribeWithReplay(topic: string, callback: EventCallback) {
    await this.subscribeFromOffset(topic, 0, callback);
  }

  override async subscribeFromOffset(topic: string, offset: number, callback: EventCallback) {
    await this.#init();
    const subscription: Subscription = { topic, callback, next: offset, queue: Promise.resolve() };
    this.#add(subscription);
    this.#enqueue(subscription, () => this.#readOn(subscription));
  }

  async unsubscribe(topic: string, callback: EventCallback) {
    const left = (this.#subscriptions.get(topic) ?? []).filter((s) => s.callback !== callback);
    if (left.length) this.#subscriptions.set(topic, left);
    else this.#subscriptions.delete(topic);
  }

  override async getHistory(topic: string, offset = 0): Promise<Event[]> {
    await this.#init();
    const events: Event[] = [];
    for (let from = offset; ;) {
      const { rows } = await this.#pool.query<Row>(READ, [topic, from]);
      events.push(...rows.map(toEvent));
      if (rows.length < READ_BATCH) return events;
      from = rows[rows.length - 1]!.position + 1;
    }
  }

  async flush() {
    await Promise.allSettled([...this.#publishing.values()]);
    const subscriptions = [...this.#subscriptions.values()].flat();
    await Promise.allSettled(subscriptions.map((subscription) => subscription.queue));
  }

  override async clearTopic(topic: string) {
    try {
      await this.#init();
      for (const statement of CLEAR_TOPIC) await this.#pool.query(statement, [topic]);
    } catch (error) {
      console.warn(`postgresPubSub: could not clear ${topic}`, error);
    }
  }

  async close() {
    this.#closed = true;
    this.#subscriptions.clear();
    await this.#ready?.catch(() => {});
    await this.#listener?.end().catch(() => {});
    await this.#pool.end();
  }

  #add(subscription: Subscription) {
    this.#subscriptions.set(subscription.topic, [
      ...(this.#subscriptions.get(subscription.topic) ?? []),
      subscription,
    ]);
  }

  /** Runs `task` after the subscription's earlier deliveries, so that they never overlap. */
  #enqueue(subscription: Subscription, task: () => Promise<void>) {
    subscription.queue = subscription.queue.then(task).catch((error: unknown) => {
      console.warn(`postgresPubSub: could not read ${subscription.topic}`, error);
    });
  }

  /** Delivers the stored events from the subscription's next one on, stopping at a gap or the end. */
  async #readOn(subscription: Subscription) {
    for (;;) {
      const { rows } = await this.#pool.query<Row>(READ, [subscription.topic, subscription.next]);
      for (const row of rows) {
        if (row.position !== subscription.next || !this.#isSubscribed(subscription)) return;
        subscription.next += 1;
        deliver(subscription, toEvent(row));
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  #isSubscribed(subscription: Subscription) {
    return this.#subscriptions.get(subscription.topic)?.includes(subscription) ?? false;
  }

  #notified(payload: string | undefined) {
    const separator = payload?.indexOf(':') ?? -1;
    if (!payload || separator < 0) return;
    const position = Number(payload.slice(0, separator));
    for (const subscription of this.#subscriptions.get(payload.slice(separator + 1)) ?? []) {
      if (subscription.next <= position) this.#enqueue(subscription, () => this.#readOn(subscription));
    }
  }

  #init(): Promise<void> {
    this.#ready ??= createEventTables(this.#pool, this.#retentionMs)
      .then(() => this.#listen())
      .catch((error: unknown) => {
        this.#ready = undefined;
        throw error;
      });
    return this.#ready;
  }

  /** One connection listens for the whole process; when it drops, another listens and every subscriber reads on. */
  async #listen() {
    const listener = new pg.Client({ connectionString: this.#connectionString });
    listener.on('notification', (message) => this.#notified(message.payload));
    listener.on('error', () => {
      if (this.#closed || this.#listener !== listener) return;
      this.#listener = undefined;
      void listener.end().catch(() => {});
      setTimeout(() => void this.#relisten(), RELISTEN_DELAY_MS).unref();
    });
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    this.#listener = listener;
  }

  async #relisten() {
    if (this.#closed) return;
    try {
      await this.#listen();
    } catch {
      setTimeout(() => void this.#relisten(), RELISTEN_DELAY_MS).unref();
      return;
    }
    for (const subscription of [...this.#subscriptions.values()].flat()) {
      this.#enqueue(subscription, () => this.#readOn(subscription));
    }
  }
}

function toEvent(row: Row): Event {
  return { ...row.event, index: row.position, createdAt: new Date(row.event.createdAt) };
}

/** Hands `event` to the subscriber; a callback that throws or rejects does not stop the others. */
function deliver(subscription: Subscription, event: Event) {
  try {
    const delivered = subscription.callback(event);
    if (delivered instanceof Promise) delivered.catch(() => {});
  } catch {
    // The subscriber's own failure: other subscribers and later events still get theirs.
  }
}
