/** Synthesis failed inside the offline voice engine (Flite or eSpeak error, worker crash, timeout). */
export class OfflineVoiceError extends Error {
  override name = 'OfflineVoiceError';
}
