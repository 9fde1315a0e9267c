import type { Db } from '../../db/client';
import { notificationRepository } from './repository';

/** Puts a line in a user's bell; `db` is the transaction of the change it tells about. */
export const notify = (db: Db, userId: number, description: string) => notificationRepository(db).create(userId, description);
