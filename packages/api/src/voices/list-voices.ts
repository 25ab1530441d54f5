// The voice catalog as one account sees it: every built-in voice the media fleet has
// published (available while a live worker can speak it) and the account's own custom
// voices. The api only reads the table; media workers write it.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectVoiceCatalog } from '@castwright/core/repositories/voices';
import type { VoiceEngine } from '@castwright/core/voices/voice-ids';
import { voiceView } from './voice-views.ts';

export async function listVoices(services: { db: Db; config: Config }, user: UserRow, query: { engine?: VoiceEngine | undefined; language?: string | undefined }) {
  const rows = await selectVoiceCatalog(services.db, { userId: user.id, deadAfterMs: services.config.liveness.deadAfterMs, ...query });
  return rows.map(voiceView);
}
