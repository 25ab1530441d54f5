// Users (enterprise, so the hourly limits allow a benchmark's load from each), their access
// tokens signed with the api's secret, and an episode each, inserted directly.
import { randomUUID } from 'node:crypto';
import { AccessTokens } from '@castwright/api/auth/access-tokens';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeStatus } from '@castwright/core/episode-states';
import { newId } from '@castwright/core/ids';

export interface BenchUser {
  id: string;
  token: string;
  episodeIds: string[];
}

export async function seedUsers(db: Db, jwtSecret: string, options: { users: number; episodesEach: number; status: EpisodeStatus; progress: number }): Promise<BenchUser[]> {
  const tokens = new AccessTokens(jwtSecret);
  const users: BenchUser[] = [];
  for (let n = 0; n < options.users; n++) {
    const id = randomUUID();
    await db.insertInto('users').values({ id, email: `bench-${n}-${id.slice(0, 8)}@example.com`, password_hash: 'not-used', tier: 'enterprise' }).execute();
    const episodes = Array.from({ length: options.episodesEach }, () => ({
      id: newId('episode'),
      user_id: id,
      title: `Benchmark episode for user ${n}`,
      description: 'An episode that exists to be read.',
      status: options.status,
      progress_percent: options.progress,
      preset: 'quick' as const,
      host_mode: 'single' as const,
      voice_style: 'professional' as const,
      voice_pair: 'expert-curious' as const,
      tts_engine: 'auto' as const,
      review_script: false,
      source_type: 'text' as const,
      source_url: null,
      source_text: 'Benchmark text.',
      script_text: '[Host 1]: Benchmark text.',
      audio_key: null,
      audio_duration_ms: null,
      error_message: null,
    }));
    if (episodes.length > 0) await db.insertInto('episodes').values(episodes).execute();
    users.push({ id, token: await tokens.issue(id, `rf_bench_${n}`), episodeIds: episodes.map((episode) => episode.id) });
  }
  return users;
}
