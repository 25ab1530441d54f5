// The voice catalog: built-in voices the media workers publish, and custom voices
// cloned from an account's clip.
import type { ColumnType, Selectable } from 'kysely';
import type { CustomVoiceStatus } from '../../voices/custom-voices.ts';
import type { VoiceGender } from '../../voices/episode-hosts.ts';
import type { VoiceEngine } from '../../voices/voice-ids.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;


export interface VoicesTable {
  /** `kokoro:af_heart`, `offline:slt`, `chatterbox:default`, or a custom `voice_…` (core/voices/voice-ids.ts). */
  id: string;
  engine: VoiceEngine;
  /** The engine's own name for the voice. */
  engine_name: string;
  name: string;
  /** A BCP 47 tag: en-US, en-GB, es, fr, hi, it, ja, pt-BR, zh. */
  language: string;
  gender: VoiceGender;
  description: Defaulted<string>;
  /** The account a custom voice belongs to; null for built-in voices. */
  owner_id: NullableText;
  status: Defaulted<CustomVoiceStatus>;
  status_reason: NullableText;
  clip_key: NullableText;
  consent_at: NullableTimestamp;
  sample_key: NullableText;
  sample_requested_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type VoiceRow = Selectable<VoicesTable>;
