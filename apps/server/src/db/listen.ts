import pg from 'pg';

/** What a listener hears: each NOTIFY's payload, and whether it can hear at all (false: messages may be missed). */
export interface ListenHandlers {
  onNotify(payload: string): void;
  onState?(listening: boolean): void;
}

export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'platform-listen';
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL over one dedicated connection per process (a pooled one would be handed to queries,
 * and lose its LISTEN when recycled). A lost connection is opened again with backoff; meanwhile the
 * handlers are told they cannot hear (`onState(false)`), and told again once they can.
 */
export function postgresListener(url: string): { listen: Listen; close(): Promise<void> } {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryMs = 100;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** The handlers were told the connection is down; the next connection tells them it is back. */
  let down = false;

  const everyone = () => [...channels.values()].flatMap((set) => [...set]);

  // One statement at a time on the connection: the listeners of several modules (un)listen at once.
  let turn: Promise<unknown> = Promise.resolve();
  function statement(c: pg.Client, text: string) {
    const result = turn.then(() => c.query(text));
    turn = result.catch(() => undefined);
    return result;
  }

  function lost(c: pg.Client, error?: Error) {
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    if (closed) return;
    console.error(`PostgreSQL LISTEN connection lost${error ? `: ${error.message}` : ''}; reconnecting`);
    down = true;
    for (const h of everyone()) h.onState?.(false);
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Another caller may have connected meanwhile: one connection only, or every NOTIFY would arrive twice.
      if (client || closed) return;
      connect().catch(() => schedule());
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  function connect() {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTEN_APPLICATION_NAME });
      c.on('notification', (message) => {
        for (const h of channels.get(message.channel) ?? []) h.onNotify(message.payload ?? '');
      });
      c.on('error', (error) => lost(c, error));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`listen ${channel}`);
      } catch (error) {
        c.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      retryMs = 100;
      clearTimeout(timer);
      // Whoever reconnected (the timer or a new subscription), the handlers told of the loss hear it is back.
      if (down) {
        down = false;
        for (const h of everyone()) h.onState?.(true);
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel, handlers) {
      if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const set = channels.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(handlers);
      channels.set(channel, set);
      if (connecting) await connecting.catch(() => undefined);
      if (!client) {
        // The first connection (its LISTEN covers every channel); a failed one is tried again in the background.
        await connect().catch((error: Error) => {
          console.error(`PostgreSQL LISTEN connection failed: ${error.message}; retrying`);
          down = true;
          handlers.onState?.(false);
          schedule();
        });
      } else if (first) {
        // The connection may die under the statement (a restart, a terminated backend): the reconnection listens
        // to every channel, this one included, as it does after any loss.
        const c = client;
        await statement(c, `listen ${channel}`).catch((error: Error) => lost(c, error));
      }
      return async () => {
        set.delete(handlers);
        if (set.size === 0) {
          channels.delete(channel);
          if (client) await statement(client, `unlisten ${channel}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
