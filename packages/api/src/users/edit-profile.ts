// Changing name, bio and avatar. An empty string clears a field.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { updateProfile } from '@castwright/core/repositories/users';

export interface ProfileChanges {
  name?: string | undefined;
  bio?: string | undefined;
  avatarUrl?: string | undefined;
}

const clean = (value: string) => value.trim() || null;

export async function editProfile(db: Db, userId: string, changes: ProfileChanges): Promise<UserRow> {
  const updated = await updateProfile(db, userId, {
    ...(changes.name !== undefined && { name: clean(changes.name) }),
    ...(changes.bio !== undefined && { bio: clean(changes.bio) }),
    ...(changes.avatarUrl !== undefined && { avatar_url: changes.avatarUrl }),
  });
  if (!updated) throw new AppError('notFound', 'Account not found');
  return updated;
}
