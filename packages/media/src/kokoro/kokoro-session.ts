// An ONNX Runtime session that runs Kokoro, one per voicing slot, each in a worker thread
// of its own (kokoro-thread.ts: onnxruntime-node runs a model synchronously on the thread
// that calls it, so sessions side by side need threads side by side). Two
// exports are common and both are accepted: onnx-community's (`input_ids` in,
// `waveform` out) and kokoro-onnx's (`tokens` in, `audio` out); names and the
// `speed` dtype are read from the model instead of assumed.
import ort from 'onnxruntime-node';
import { PAD_TOKEN } from './kokoro-vocabulary.ts';
import { STYLE_WIDTH } from './voice-styles.ts';

export type KokoroDevice = 'auto' | 'cuda' | 'cpu';

export class KokoroModelError extends Error {
  override name = 'KokoroModelError';
}

export interface KokoroSession {
  /** Which execution provider the session runs on. */
  readonly provider: 'cuda' | 'cpu';
  /** Runs one chunk (≤ 510 tokens, pads added here) → mono float samples at 24 kHz. */
  run(tokens: readonly number[], style: Float32Array, speed: number): Promise<Float32Array>;
  release(): Promise<void>;
}

export interface OpenSessionOptions {
  device: KokoroDevice;
  /** Threads one run may use on the CPU; left out, ONNX Runtime's default (one per physical core). */
  intraOpThreads?: number;
  /** Told when CUDA could not be used and the session fell back to CPU. */
  onFallback?(reason: string): void;
}

const TOKEN_INPUTS = ['input_ids', 'tokens'] as const;

async function createSession(modelFile: string, options: OpenSessionOptions) {
  const { device, onFallback } = options;
  const threads = options.intraOpThreads === undefined ? {} : { intraOpNumThreads: options.intraOpThreads };
  if (device === 'cpu') return { session: await ort.InferenceSession.create(modelFile, { executionProviders: ['cpu'], ...threads }), provider: 'cpu' as const };
  try {
    // Without the fallback list ORT would pick CPU silently for nodes CUDA lacks; with it
    // a machine without the CUDA libraries throws here, which is what we want to see.
    const session = await ort.InferenceSession.create(modelFile, { executionProviders: ['cuda', 'cpu'] });
    return { session, provider: 'cuda' as const };
  } catch (error) {
    const reason = (error as Error).message;
    if (device === 'cuda') throw new KokoroModelError(`Kokoro could not start on CUDA: ${reason}`, { cause: error });
    onFallback?.(reason);
    return { session: await ort.InferenceSession.create(modelFile, { executionProviders: ['cpu'], ...threads }), provider: 'cpu' as const };
  }
}

function speedTensor(type: string, speed: number): ort.Tensor {
  if (type === 'float32') return new ort.Tensor('float32', Float32Array.of(speed), [1]);
  // Integer-speed exports only know whole multiples; 1 is the natural pace.
  const whole = Math.max(1, Math.round(speed));
  if (type === 'int64') return new ort.Tensor('int64', BigInt64Array.of(BigInt(whole)), [1]);
  return new ort.Tensor('int32', Int32Array.of(whole), [1]);
}

function tensorMetadata(session: ort.InferenceSession, name: string) {
  const metadata = session.inputMetadata.find((input) => input.name === name);
  return metadata?.isTensor ? metadata : undefined;
}

export async function openKokoroSession(modelFile: string, options: OpenSessionOptions): Promise<KokoroSession> {
  let opened;
  try {
    opened = await createSession(modelFile, options);
  } catch (error) {
    if (error instanceof KokoroModelError) throw error;
    throw new KokoroModelError(`Kokoro model ${modelFile} could not be loaded: ${(error as Error).message}`, { cause: error });
  }
  const { session, provider } = opened;
  const tokenInput = TOKEN_INPUTS.find((name) => session.inputNames.includes(name));
  const speedType = tensorMetadata(session, 'speed')?.type;
  const outputName = session.outputNames[0];
  if (!tokenInput || !session.inputNames.includes('style') || !speedType || !outputName) {
    await session.release();
    throw new KokoroModelError(
      `${modelFile} does not look like Kokoro: inputs ${session.inputNames.join(', ')}; expected input_ids or tokens, style, speed`,
    );
  }

  return {
    provider,
    async run(tokens, style, speed) {
      if (style.length !== STYLE_WIDTH) throw new KokoroModelError(`A style row has ${STYLE_WIDTH} values, got ${style.length}`);
      const ids = BigInt64Array.from([PAD_TOKEN, ...tokens, PAD_TOKEN], (id) => BigInt(id));
      const feeds = {
        [tokenInput]: new ort.Tensor('int64', ids, [1, ids.length]),
        style: new ort.Tensor('float32', style, [1, STYLE_WIDTH]),
        speed: speedTensor(speedType, speed),
      };
      const results = await session.run(feeds);
      const audio = results[outputName];
      if (!audio || audio.type !== 'float32') throw new KokoroModelError(`Kokoro output ${outputName} is not float32 audio`);
      // Shapes differ between exports ([samples] or [1, samples]); the data is the same.
      return new Float32Array(audio.data as Float32Array);
    },
    release: () => session.release(),
  };
}
