import type { Tx } from '../../db/client';
import { eventRepository } from './repository';
import { eventSubjects, isDelivered, type EventType } from './types';

export interface NewEvent {
  /** The school whose site it happened on (null for platform-wide events). */
  schoolId: number | null;
  /** Who did it (null for the system). */
  actorId: number | null;
  type: EventType;
  /** The id of the record the event is about; its kind follows from the type (types.ts). */
  subjectId: number;
  data?: Record<string, unknown>;
}

/**
 * Records what happened, in the transaction `tx` of the change itself: both are kept or neither is.
 * Call it with the transaction, never with the app's database handle, so a rolled-back change leaves no event.
 * An event someone is told about is queued for delivery in the same transaction (see deliveredEvents).
 */
export async function recordEvent(tx: Tx, event: NewEvent) {
  const repo = eventRepository(tx);
  const id = await repo.insert({
    schoolId: event.schoolId,
    actorId: event.actorId,
    type: event.type,
    subjectType: eventSubjects[event.type],
    subjectId: event.subjectId,
    data: event.data ?? {},
  });
  if (isDelivered(event.type)) await repo.queueDelivery(id);
}

/** Whether such an event was recorded lately (see the repository's recordedLately): for "once every N minutes". */
export const recordedLately = (tx: Tx, type: EventType, subjectId: number, match: { key: string; value: string }, minutes: number) =>
  eventRepository(tx).recordedLately(type, subjectId, match, minutes);
