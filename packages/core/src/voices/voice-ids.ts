// How a voice is named everywhere (the catalog, `hosts[].voice`, samples, jobs): one id
// per voice, unambiguous across engines. A built-in voice is `<engine>:<engine's own
// name>` (`kokoro:af_heart`, `offline:slt`, `chatterbox:default`); a custom voice,
// cloned from a user's clip, is `voice_<random>`, and is also its name in the
// Chatterbox server's voice library. Blends (voice-blend.ts) are written from these.
import { randomBytes } from 'node:crypto';

export const VOICE_ENGINES = ['kokoro', 'chatterbox', 'offline'] as const;
export type VoiceEngine = (typeof VOICE_ENGINES)[number];

/** Custom voices' ids start with this; a Chatterbox library name with it is one of ours, never a shared voice. */
export const CUSTOM_VOICE_PREFIX = 'voice_';

/** A voice's engine-local name may not be empty, nor hold characters that break ids, paths or the blend syntax. */
const ENGINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const CUSTOM_ID = /^voice_[A-Za-z0-9_-]{22}$/;

export interface VoiceRef {
  engine: VoiceEngine;
  /** The name the engine knows the voice by: its voice file, Flite voice or library entry. */
  name: string;
  custom: boolean;
}

function isVoiceEngine(value: string): value is VoiceEngine {
  return (VOICE_ENGINES as readonly string[]).includes(value);
}

/** A fresh custom voice id (128 random bits). */
export function newCustomVoiceId(): string {
  return `${CUSTOM_VOICE_PREFIX}${randomBytes(16).toString('base64url')}`;
}

export function isCustomVoiceId(id: string): boolean {
  return CUSTOM_ID.test(id);
}

/** The catalog id of an engine's own voice; undefined for a name no id can carry. */
export function builtInVoiceId(engine: VoiceEngine, name: string): string | undefined {
  return ENGINE_NAME.test(name) ? `${engine}:${name}` : undefined;
}

/** What an id names, or undefined when it is not a voice id at all (a blend is not one). */
export function parseVoiceId(id: string): VoiceRef | undefined {
  if (isCustomVoiceId(id)) return { engine: 'chatterbox', name: id, custom: true };
  const colon = id.indexOf(':');
  if (colon < 0) return undefined;
  const engine = id.slice(0, colon);
  const name = id.slice(colon + 1);
  if (!isVoiceEngine(engine) || !ENGINE_NAME.test(name)) return undefined;
  return { engine, name, custom: false };
}
