// The WAV files the stand-in Chatterbox server answers with: 16-bit PCM as torchaudio
// writes it, or 32-bit float with a LIST chunk as FFmpeg-based writers emit it.

export const FAKE_SAMPLE_RATE = 24_000;

function riff(format: Buffer, extraChunks: Buffer[], data: Buffer): Buffer {
  const chunk = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
  };
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), chunk('fmt ', format), ...extraChunks, chunk('data', data)]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function formatChunk(tag: number, bits: number): Buffer {
  const format = Buffer.alloc(16);
  format.writeUInt16LE(tag, 0);
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(FAKE_SAMPLE_RATE, 4);
  format.writeUInt32LE((FAKE_SAMPLE_RATE * bits) / 8, 8);
  format.writeUInt16LE(bits / 8, 12);
  format.writeUInt16LE(bits, 14);
  return format;
}

export function pcm16Wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2));
  return riff(formatChunk(1, 16), [], data);
}

export function float32Wav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 4);
  samples.forEach((sample, i) => data.writeFloatLE(sample, i * 4));
  const info = Buffer.concat([Buffer.from('INFOISFT', 'latin1'), Buffer.from([14, 0, 0, 0]), Buffer.from('Lavf61.7.100\0\0', 'latin1')]);
  const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.alloc(4), info]);
  list.writeUInt32LE(info.length, 4);
  return riff(formatChunk(3, 32), [list], data);
}
