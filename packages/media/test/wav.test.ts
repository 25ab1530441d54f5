import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { decodeWav, encodeWavFloat32, WavFormatError } from '@castwright/media/wav';
import { WavFileWriter } from '@castwright/media/wav-file-writer';

const run = promisify(execFile);
const { ffmpeg } = resolveFfmpegToolPaths();

/** Builds a RIFF file from raw chunks, padding odd sizes as the format requires. */
function riff(chunks: [string, Uint8Array][]): Uint8Array {
  const parts: number[] = [...Buffer.from('WAVE')];
  for (const [id, body] of chunks) {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32LE(body.byteLength, 4);
    parts.push(...header, ...body);
    if (body.byteLength % 2) parts.push(0);
  }
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(parts.length, 4);
  return new Uint8Array([...head, ...parts]);
}

function fmt(tag: number, channels: number, rate: number, bits: number): Uint8Array {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(tag, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(rate, 4);
  body.writeUInt32LE((rate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return body;
}

void t.test('finds fmt and data past other chunks, averages channels to mono', async (t) => {
  const data = Buffer.alloc(8);
  [16384, -16384, 32767, 32767].forEach((value, index) => data.writeInt16LE(value, index * 2));
  const wav = riff([
    ['LIST', new Uint8Array(Buffer.from('INFOodd'))], // odd size: the reader must skip the pad byte
    ['fmt ', fmt(1, 2, 22_050, 16)],
    ['JUNK', new Uint8Array(12)],
    ['data', data],
  ]);
  const decoded = decodeWav(wav);
  t.equal(decoded.sampleRate, 22_050);
  t.equal(decoded.channels, 2);
  t.same(Array.from(decoded.samples), [0, 32767 / 32768]);
});

void t.test('reads a WAV written by ffmpeg (LIST chunk before data) sample-exactly', async (t) => {
  const dir = t.testdir();
  const wavPath = join(dir, 'tone.wav');
  const rawPath = join(dir, 'tone.raw');
  const source = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.25:sample_rate=16000'];
  await run(ffmpeg, ['-v', 'error', ...source, '-c:a', 'pcm_s16le', wavPath]);
  await run(ffmpeg, ['-v', 'error', ...source, '-f', 's16le', rawPath]);
  const bytes = await readFile(wavPath);
  t.not(bytes.indexOf('data'), 36, 'not the canonical 44-byte header');
  const decoded = decodeWav(bytes);
  const raw = await readFile(rawPath);
  t.equal(decoded.sampleRate, 16_000);
  t.equal(decoded.samples.length, raw.byteLength / 2);
  t.ok(decoded.samples.every((sample, index) => sample === raw.readInt16LE(index * 2) / 32768), 'identical samples');
});

void t.test('float WAVs round-trip, including WAVE_FORMAT_EXTENSIBLE', async (t) => {
  const samples = new Float32Array([0, 0.5, -0.25, 1.5]); // 1.5: overshoot survives
  const decoded = decodeWav(encodeWavFloat32(samples, 24_000));
  t.same(Array.from(decoded.samples), Array.from(samples));
  t.equal(decoded.sampleRate, 24_000);

  const extensible = Buffer.alloc(40);
  Buffer.from(fmt(0xfffe, 1, 48_000, 32)).copy(extensible);
  extensible.writeUInt16LE(22, 16); // cbSize
  extensible.writeUInt16LE(3, 24); // sub-format: IEEE float
  const data = Buffer.alloc(4);
  data.writeFloatLE(0.75, 0);
  t.same(Array.from(decodeWav(riff([['fmt ', extensible], ['data', data]])).samples), [0.75]);
});

void t.test('rejects what it cannot read', async (t) => {
  t.throws(() => decodeWav(new Uint8Array(Buffer.from('ID3 not a wav at all'))), new WavFormatError('Not a RIFF/WAVE file'));
  t.throws(() => decodeWav(riff([['fmt ', fmt(1, 1, 16_000, 24)], ['data', new Uint8Array(6)]])), { message: /24-bit.*expected 16-bit PCM/ });
  t.throws(() => decodeWav(riff([['fmt ', fmt(1, 1, 16_000, 16)]])), { message: /no data chunk/ });
  t.throws(() => decodeWav(riff([['data', new Uint8Array(4)]])), { message: /no fmt chunk/ });
});

void t.test('WavFileWriter streams a file that ffmpeg decodes to the same samples', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'timeline.wav');
  const writer = await WavFileWriter.create(path, 24_000);
  await writer.write(new Float32Array([0.25, -0.5]));
  await writer.writeSilence(40_000); // more than one silence chunk
  await writer.write(new Float32Array([0.125]));
  t.equal(writer.framesWritten, 40_003);
  await writer.close();

  const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', path, '-f', 'f32le', '-'], { encoding: 'buffer', maxBuffer: 1 << 20 });
  const decoded = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
  t.equal(decoded.length, 40_003, 'ffmpeg sees every frame');
  t.same([decoded[0], decoded[1], decoded[20_000], decoded[40_002]], [0.25, -0.5, 0, 0.125]);
});
