import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Listen } from '../../db/listen';
import { loggableError } from '../../lib/log-redaction';
import { EVENT_DELIVERY, type DeliveredEventType } from '../events/types';
import { composers } from './deliver';
import { describe, links } from './messages';
import { noticeSender, type Addressed } from './notice-sender';
import { notificationRepository, type EventRow, type NewNotification } from './repository';

export const DELIVER_NOTIFICATIONS = 'deliver-notifications';
export const REMIND_LIVE_CLASSES = 'remind-live-classes';
/** Events turned into notifications per transaction. */
const BATCH = 100;
/** Failed deliveries of one event before it is set aside (a bug to fix, not a moment's trouble). */
export const MAX_ATTEMPTS = 5;
/** A live class is announced this many minutes before it starts. */
export const REMIND_MINUTES = 15;

/**
 * Events become notifications (and e-mails) here. recordEvent queues a delivery row in the change's own
 * transaction; a worker claims pending rows (`for update skip locked`, so workers in several processes share
 * them) in one transaction, and for each event, in a savepoint of its own, writes each notification once (its
 * unique key), enqueues the e-mails and deletes the row. An event that fails is rolled back alone: its row
 * counts the failure and waits for a later run, and is set aside after MAX_ATTEMPTS; the others are delivered.
 * A retry writes nothing twice.
 */
export function notificationDelivery(app: FastifyInstance) {
  const send = noticeSender(app);

  /** One event's notifications and e-mails, and its delivery row gone. */
  async function deliverEvent(tx: Db, event: EventRow) {
    const repo = notificationRepository(tx);
    const compose = composers[event.type as DeliveredEventType];
    const outgoing = new Map<string, Addressed>();
    for (const o of compose ? await compose(event, repo) : []) if (!outgoing.has(o.key)) outgoing.set(o.key, { ...o, schoolId: event.schoolId });
    await send(tx, [...outgoing.values()]);
    await repo.deleteDelivery(event.id);
  }

  /** One batch in one transaction, each event in a savepoint; answers how many events it took, and which failed. */
  async function deliverBatch(tx: Db, skip: number[]) {
    const repo = notificationRepository(tx);
    const claimed = await repo.claimDeliveries(BATCH, skip);
    const failed: number[] = [];
    for (const event of claimed) {
      try {
        await tx.transaction((savepoint) => deliverEvent(savepoint, event));
      } catch (error) {
        failed.push(event.id);
        const attempts = await repo.failDelivery(event.id, MAX_ATTEMPTS);
        const facts = { err: loggableError(error), eventId: event.id, type: event.type, attempts };
        if (attempts >= MAX_ATTEMPTS) app.log.warn(facts, "could not deliver an event's notifications; set aside after too many attempts");
        else app.log.info(facts, "could not deliver an event's notifications; a later run retries");
      }
    }
    return { taken: claimed.length, failed };
  }

  return {
    /**
     * Delivers every pending event, batch after batch; answers how many were delivered. An event that failed
     * is not tried again in the same run.
     */
    async deliverPending() {
      let delivered = 0;
      const skip: number[] = [];
      for (;;) {
        const { taken, failed } = await app.db.transaction((t) => deliverBatch(t, skip));
        delivered += taken - failed.length;
        skip.push(...failed);
        if (taken < BATCH) return delivered;
      }
    },

    /** Tells attending students of live classes and class sessions starting soon, once each (the key). */
    async remindLiveClasses() {
      const repo = notificationRepository(app.db);
      const [rooms, sessions] = await Promise.all([repo.upcomingLiveClasses(REMIND_MINUTES), repo.upcomingClassSessions(REMIND_MINUTES)]);
      const rows: NewNotification[] = [
        ...rooms.map((r) => ({
          userId: r.userId,
          schoolId: r.schoolId,
          kind: 'live_class' as const,
          description: describe.liveClass(r.courseware, r.course, r.startTime),
          link: links.coursePlayer(r.slug, r.coursewareId),
          key: `live:room:${r.id}:${r.userId}`,
        })),
        ...sessions.map((s) => ({
          userId: s.userId,
          schoolId: s.schoolId,
          kind: 'live_class' as const,
          description: describe.classSession(s.className, s.course, s.startTime),
          link: links.account('classes'),
          key: `live:class:${s.id}:${s.userId}`,
        })),
      ];
      return (await repo.insertOnce(rows)).size;
    },
  };
}

/**
 * A burst of NOTIFYs becomes at most one send in flight and one after it: the queue keeps one waiting job
 * anyway (policy 'short'), so the rest would only be refused inserts.
 */
function coalesced(send: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    send()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/**
 * The delivery queue (one waiting job at most: 'short'), woken at once by the NOTIFY that recordEvent sends with
 * each delivery (every worker process LISTENs and sends the job; PostgreSQL delivers the NOTIFY at commit, to
 * every process), and swept every minute besides (a NOTIFY missed while the LISTEN connection was down). The
 * live-class reminders run every minute.
 */
export async function registerNotificationJobs(app: FastifyInstance, listen: Listen) {
  const delivery = notificationDelivery(app);
  await app.jobs.define(DELIVER_NOTIFICATIONS, { policy: 'short', retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 5 * 60 });
  await app.jobs.work(DELIVER_NOTIFICATIONS, async () => {
    await delivery.deliverPending();
  });
  await app.jobs.schedule(DELIVER_NOTIFICATIONS, '* * * * *');
  await app.jobs.define(REMIND_LIVE_CLASSES, { policy: 'short', retryLimit: 0, expireInSeconds: 5 * 60 });
  await app.jobs.work(
    REMIND_LIVE_CLASSES,
    async () => {
      const reminded = await delivery.remindLiveClasses();
      if (reminded) app.log.info({ reminded }, 'reminded students of live classes starting soon');
    },
    { pollSeconds: 30 },
  );
  await app.jobs.schedule(REMIND_LIVE_CLASSES, '* * * * *');
  if (!app.jobs.workers) return;
  const wake = coalesced(
    () => app.jobs.send(DELIVER_NOTIFICATIONS, {}),
    (error) => app.log.warn({ err: loggableError(error) }, 'could not queue the notification delivery; the minute sweep will'),
  );
  // After a reconnection NOTIFYs may have been missed: look at once.
  const unlisten = await listen(EVENT_DELIVERY, { onNotify: wake, onState: (listening) => listening && wake() });
  app.addHook('onClose', () => unlisten());
}
