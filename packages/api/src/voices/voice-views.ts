// How catalog rows look in API responses, and why a voice cannot be used now.
import type { CatalogVoiceRow } from '@castwright/core/repositories/voices';

const NO_LIVE_WORKER = 'No live media worker can speak this voice now';

/** Why a voice cannot voice an episode now; null when it can. */
export function unavailableReason(voice: CatalogVoiceRow): string | null {
  if (voice.owner_id !== null) {
    if (voice.status === 'processing') return 'The clip is being registered with the Chatterbox server';
    if (voice.status !== 'ready') return voice.status_reason ?? `The voice is ${voice.status}`;
    if (!voice.live) return 'No live media worker has a Chatterbox server (CHATTERBOX_URL) to speak custom voices with now';
    return null;
  }
  return voice.live ? null : NO_LIVE_WORKER;
}

function voiceSamplePath(id: string): string {
  return `/api/voices/${encodeURIComponent(id)}/sample`;
}

export function voiceView(voice: CatalogVoiceRow) {
  const reason = unavailableReason(voice);
  return {
    id: voice.id,
    engine: voice.engine,
    name: voice.name,
    language: voice.language,
    gender: voice.gender,
    description: voice.description,
    custom: voice.owner_id !== null,
    available: reason === null,
    unavailableReason: reason,
    status: voice.status,
    sampleUrl: voiceSamplePath(voice.id),
    createdAt: voice.created_at.toISOString(),
  };
}
