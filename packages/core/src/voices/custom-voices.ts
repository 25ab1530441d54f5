// The documented bounds of custom voices (POST /api/voices) and their states. One
// definition for the api, which checks clips, and the media worker, which registers them.

/** Custom voices one account may keep (a 409 beyond it). */
export const MAX_CUSTOM_VOICES_PER_ACCOUNT = 10;

/** The clip: 5 to 30 seconds of one speaker, as WAV, MP3 or FLAC, at least 16 kHz. */
export const CLIP_BOUNDS = {
  minSeconds: 5,
  maxSeconds: 30,
  minSampleRate: 16_000,
  /** Far above 30 s of 48 kHz 24-bit stereo WAV (8.6 MB), and Chatterbox's own 10 MB upload limit. */
  maxBytes: 10 * 1024 * 1024,
} as const;

export const CUSTOM_VOICE_STATUSES = ['processing', 'ready', 'waiting', 'rejected'] as const;
/**
 * processing: the clip passed its checks and its registration with Chatterbox is queued;
 * ready: it is in the Chatterbox server's voice library; waiting: no media worker has a
 * Chatterbox server to register it with (it is registered when one starts); rejected:
 * the Chatterbox server refused the clip (`statusReason` says why).
 */
export type CustomVoiceStatus = (typeof CUSTOM_VOICE_STATUSES)[number];

/** The name a custom voice is shown by. */
export const VOICE_NAME_MAX_CHARACTERS = 60;
