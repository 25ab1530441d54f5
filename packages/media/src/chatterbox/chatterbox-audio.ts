// The audio a Chatterbox server answers with: each reply's WAV decoded (or a clear error
// when it sent something else), and the pieces of one long text joined back to back.
import { concatSamples } from '../concat-samples.ts';
import type { SynthesizedAudio } from '../tts-engine.ts';
import { decodeWav, WavFormatError } from '../wav.ts';
import { ChatterboxError } from './chatterbox-error.ts';
import type { ChatterboxReply } from './chatterbox-http.ts';

export function decodeSpeech(reply: ChatterboxReply, baseUrl: string): SynthesizedAudio {
  try {
    const { samples, sampleRate } = decodeWav(reply.body);
    return { samples, sampleRate };
  } catch (error) {
    if (!(error instanceof WavFormatError)) throw error;
    const type = reply.contentType || 'no content type';
    // An HTML or JSON page (a proxy's error page, a different server) says more than any summary.
    const preview = type.startsWith('audio/') ? '' : `: ${new TextDecoder().decode(reply.body.subarray(0, 200)).replace(/\s+/g, ' ').trim()}`;
    throw new ChatterboxError(`Chatterbox at ${baseUrl} sent ${type} instead of WAV audio (${error.message})${preview}`, {
      transient: false,
      cause: error,
    });
  }
}

/** The pieces of one long text, back to back. */
export function concatenate(parts: SynthesizedAudio[]): SynthesizedAudio {
  const [first] = parts;
  if (!first) throw new ChatterboxError('Cannot synthesize empty text', { transient: false });
  if (parts.length === 1) return first;
  const odd = parts.find((part) => part.sampleRate !== first.sampleRate);
  if (odd) throw new ChatterboxError(`Chatterbox changed sample rate mid-text (${first.sampleRate} Hz, then ${odd.sampleRate} Hz)`, { transient: false });
  return { samples: concatSamples(parts.map((part) => part.samples)), sampleRate: first.sampleRate };
}
