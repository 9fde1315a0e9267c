import type { Db } from '../../db/client';
import { eventRepository } from './repository';
import { eventSubjects, type EventType } from './types';

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
 */
export async function recordEvent(tx: Db, event: NewEvent) {
  await eventRepository(tx).insert({
    schoolId: event.schoolId,
    actorId: event.actorId,
    type: event.type,
    subjectType: eventSubjects[event.type],
    subjectId: event.subjectId,
    data: event.data ?? {},
  });
}
