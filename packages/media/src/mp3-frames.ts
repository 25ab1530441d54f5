// Just enough of the MPEG audio frame header (ISO/IEC 11172-3 and 13818-3, Layer III)
// to walk an encoded stream frame by frame: how long each frame is in bytes and in
// samples. The chunked master counts frames to know exactly where each chunk's audio
// sits in the episode, and checks that bytes copied from an earlier episode are whole
// frames of the format it expects.

export interface Mp3StreamInfo {
  frames: number;
  /** Samples each frame decodes to: 1152 for MPEG-1, 576 for MPEG-2/2.5 Layer III. */
  frameSamples: number;
  sampleRate: number;
  bitrateKbps: number;
  /** 1 (mono) or 2. */
  channels: number;
}

class Mp3FrameError extends Error {
  override name = 'Mp3FrameError';
}

// Indexed by the header's bitrate field; MPEG-1 and MPEG-2/2.5 Layer III have their own tables.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_V1 = [44_100, 48_000, 32_000];

interface FrameHeader {
  bytes: number;
  frameSamples: number;
  sampleRate: number;
  bitrateKbps: number;
  channels: number;
}

function readHeader(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const b1 = bytes[at + 1] as number;
  const b2 = bytes[at + 2] as number;
  const b3 = bytes[at + 3] as number;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b1 >> 1) & 0b11; // 1: Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 0b11;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const sampleRate = (SAMPLE_RATES_V1[rateIndex] as number) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const bitrateKbps = ((mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex] as number);
  const padding = (b2 >> 1) & 1;
  const frameSamples = mpeg1 ? 1152 : 576;
  return {
    bytes: Math.floor(((frameSamples / 8) * bitrateKbps * 1000) / sampleRate) + padding,
    frameSamples,
    sampleRate,
    bitrateKbps,
    channels: (b3 >> 6) === 3 ? 1 : 2,
  };
}

/**
 * Walks `bytes` as back-to-back Layer III frames of one format (no tags, no Xing frame
 * expected, nothing between frames). Throws Mp3FrameError for anything else: a broken
 * header, a format change, a truncated last frame.
 */
export function parseMp3Frames(bytes: Uint8Array): Mp3StreamInfo {
  const first = readHeader(bytes, 0);
  if (!first) throw new Mp3FrameError('The data does not start with an MPEG Layer III frame');
  let frames = 0;
  let at = 0;
  while (at < bytes.length) {
    const header = readHeader(bytes, at);
    if (!header) throw new Mp3FrameError(`No MPEG Layer III frame header at byte ${at}`);
    if (header.sampleRate !== first.sampleRate || header.bitrateKbps !== first.bitrateKbps || header.channels !== first.channels) {
      throw new Mp3FrameError(`The format changes at byte ${at} (${header.sampleRate} Hz ${header.bitrateKbps} kbps after ${first.sampleRate} Hz ${first.bitrateKbps} kbps)`);
    }
    if (at + header.bytes > bytes.length) throw new Mp3FrameError(`The frame at byte ${at} is cut short`);
    at += header.bytes;
    frames++;
  }
  return { frames, frameSamples: first.frameSamples, sampleRate: first.sampleRate, bitrateKbps: first.bitrateKbps, channels: first.channels };
}
