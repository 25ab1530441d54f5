// Minimal RIFF/WAVE reader and writer. Engines hand us WAV bytes (Flite writes a
// file, HTTP engines return one) and ffmpeg takes the assembled timeline as one, so
// both directions live here. The reader walks the chunk list instead of assuming
// the 44-byte canonical header: writers legally add LIST/fact/JUNK chunks before
// `data`, and WAVE_FORMAT_EXTENSIBLE has a larger `fmt ` chunk.

import { endianness } from 'node:os';

export interface DecodedWav {
  /** Mono samples in -1..1 (multi-channel input is averaged down). */
  samples: Float32Array;
  sampleRate: number;
  /** Channel count of the source before down-mixing. */
  channels: number;
}

const LITTLE_ENDIAN = endianness() === 'LE';
const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export class WavFormatError extends Error {
  override name = 'WavFormatError';
}

function fourCC(view: DataView, offset: number): string {
  return String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
}

export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || fourCC(view, 0) !== 'RIFF' || fourCC(view, 8) !== 'WAVE') {
    throw new WavFormatError('Not a RIFF/WAVE file');
  }

  let format: { tag: number; channels: number; sampleRate: number; bitsPerSample: number; blockAlign: number } | undefined;
  let data: { offset: number; length: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = fourCC(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.byteLength) throw new WavFormatError('Truncated fmt chunk');
      let tag = view.getUint16(body, true);
      // Extensible headers carry the real format in the first two bytes of the sub-format GUID.
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      // Streaming writers leave the size as 0 or 0xFFFFFFFF; take what is actually there.
      const available = bytes.byteLength - body;
      data = { offset: body, length: size === 0 || size > available ? available : size };
      break;
    }
    offset = body + size + (size % 2); // chunks are word-aligned
  }

  if (!format) throw new WavFormatError('WAV has no fmt chunk');
  if (!data) throw new WavFormatError('WAV has no data chunk');
  const { tag, channels, sampleRate, bitsPerSample, blockAlign } = format;
  if (channels < 1 || sampleRate < 1) throw new WavFormatError(`Invalid WAV format: ${channels} channels at ${sampleRate} Hz`);
  const isPcm16 = tag === WAVE_FORMAT_PCM && bitsPerSample === 16;
  const isFloat32 = tag === WAVE_FORMAT_IEEE_FLOAT && bitsPerSample === 32;
  if (!isPcm16 && !isFloat32) {
    throw new WavFormatError(`Unsupported WAV encoding (format ${tag}, ${bitsPerSample}-bit); expected 16-bit PCM or 32-bit float`);
  }
  const bytesPerSample = bitsPerSample / 8;
  const frameSize = blockAlign || bytesPerSample * channels;
  const frames = Math.floor(data.length / frameSize);
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) {
      const at = data.offset + frame * frameSize + channel * bytesPerSample;
      sum += isPcm16 ? view.getInt16(at, true) / 32768 : view.getFloat32(at, true);
    }
    samples[frame] = sum / channels;
  }
  return { samples, sampleRate, channels };
}

/** Size of the header `float32WavHeader` writes; the sample data follows it directly. */
export const FLOAT32_WAV_HEADER_BYTES = 12 + (8 + 18) + (8 + 4) + 8; // RIFF + fmt(18) + fact + data header

/**
 * Header of a mono 32-bit float WAV holding `frames` samples. Float keeps any
 * overshoot past ±1 intact for the loudness stage instead of clipping it here.
 */
export function float32WavHeader(frames: number, sampleRate: number): Uint8Array {
  const dataBytes = frames * 4;
  const header = new Uint8Array(FLOAT32_WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const writeId = (at: number, id: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, id.charCodeAt(i));
  };
  writeId(0, 'RIFF');
  view.setUint32(4, FLOAT32_WAV_HEADER_BYTES - 8 + dataBytes, true);
  writeId(8, 'WAVE');
  writeId(12, 'fmt ');
  view.setUint32(16, 18, true);
  view.setUint16(20, WAVE_FORMAT_IEEE_FLOAT, true);
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 4, true); // byte rate
  view.setUint16(32, 4, true); // block align
  view.setUint16(34, 32, true); // bits per sample
  view.setUint16(36, 0, true); // cbSize
  // Non-PCM WAVs are required to carry a fact chunk with the frame count.
  writeId(38, 'fact');
  view.setUint32(42, 4, true);
  view.setUint32(46, frames, true);
  writeId(50, 'data');
  view.setUint32(54, dataBytes, true);
  return header;
}

/**
 * Little-endian bytes of float samples (the WAV data chunk body). On a little-endian
 * machine (every one Node ships for but s390x) that is the array's own memory, shared
 * rather than copied: a long timeline is written at disk speed, not converted sample
 * by sample.
 */
export function float32Bytes(samples: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
  const bytes = new Uint8Array(samples.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setFloat32(i * 4, samples[i] as number, true);
  return bytes;
}

/** Float samples from little-endian bytes (`f32le`, a float WAV's data); copied, so any alignment works. */
export function float32FromBytes(bytes: Uint8Array): Float32Array {
  const frames = bytes.length >> 2;
  if (LITTLE_ENDIAN) return new Float32Array(Uint8Array.from(bytes.subarray(0, frames * 4)).buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: frames }, (_, i) => view.getFloat32(i * 4, true));
}

/** A complete mono 32-bit float WAV file in memory. */
export function encodeWavFloat32(samples: Float32Array, sampleRate: number): Uint8Array {
  const header = float32WavHeader(samples.length, sampleRate);
  const out = new Uint8Array(header.byteLength + samples.length * 4);
  out.set(header);
  out.set(float32Bytes(samples), header.byteLength);
  return out;
}

/**
 * A complete mono 16-bit PCM WAV (the canonical 44-byte header). Samples are expected
 * on the 16-bit grid already (`value / 32768`); anything else is rounded to it and
 * clipped to its range.
 */
export function encodeWavPcm16(samples: Float32Array, sampleRate: number): Uint8Array {
  const HEADER = 44;
  const out = new Uint8Array(HEADER + samples.length * 2);
  const view = new DataView(out.buffer);
  const writeId = (at: number, id: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, id.charCodeAt(i));
  };
  writeId(0, 'RIFF');
  view.setUint32(4, out.length - 8, true);
  writeId(8, 'WAVE');
  writeId(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  writeId(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    view.setInt16(HEADER + i * 2, Math.max(-32768, Math.min(32767, Math.round((samples[i] as number) * 32768))), true);
  }
  return out;
}
