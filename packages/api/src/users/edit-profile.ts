// Changing name, bio and avatar. An empty string clears a field. Under the account's row
// lock, where an If-Match is checked against the profile as GET /api/user/profile shows it.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { lockUser, updateProfile } from '@castwright/core/repositories/users';
import { requireIfMatch, viewEtag } from '../http/preconditions.ts';
import { userView } from './user-views.ts';

export interface ProfileChanges {
  name?: string | undefined;
  bio?: string | undefined;
  avatarUrl?: string | undefined;
}

const clean = (value: string) => value.trim() || null;

export async function editProfile(db: Db, userId: string, changes: ProfileChanges, ifMatch: string | undefined): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const current = await lockUser(trx, userId);
    if (!current) throw new AppError('notFound', 'Account not found');
    if (ifMatch !== undefined) requireIfMatch(ifMatch, viewEtag(userView(current)), 'profile');
    const updated = await updateProfile(trx, userId, {
      ...(changes.name !== undefined && { name: clean(changes.name) }),
      ...(changes.bio !== undefined && { bio: clean(changes.bio) }),
      ...(changes.avatarUrl !== undefined && { avatar_url: changes.avatarUrl }),
    });
    if (!updated) throw new AppError('notFound', 'Account not found');
    return updated;
  });
}
