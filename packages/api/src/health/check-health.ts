// Health: the api is healthy once its database answers.
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { selectOne } from '@castwright/core/repositories/database-health';

export async function checkHealth(db: Db): Promise<void> {
  try {
    await selectOne(db);
  } catch {
    throw new AppError('unavailable', 'The database is not reachable');
  }
}
