// Writes a tiny ONNX model with Kokoro's interface, so the real Kokoro loading
// and inference code runs in tests without the 310 MB weights. Both common
// exports are covered: onnx-community's (`input_ids` → `waveform`) and
// kokoro-onnx's (`tokens` → `audio`); `style` is float32 [1, 256] and `speed` a
// one-element tensor, as in the real models.
//
// The graph is chosen so a test can read back what the engine fed it: every
// input token becomes HOP_SAMPLES samples of (tokenId / 200 + mean(style)) ×
// speed. The first block is the leading pad token, so its value is the mean of
// the style row the engine picked; the following blocks spell the token ids.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;
const INT32 = onnx.TensorProto.DataType.INT32;

export const HOP_SAMPLES = 600;
const TOKEN_SCALE = 200;

export interface KokoroShapedModelOptions {
  /** 'input_ids' (onnx-community export) or 'tokens' (kokoro-onnx export). */
  tokensInput?: 'input_ids' | 'tokens';
  outputName?: 'waveform' | 'audio';
  /** Some exports take speed as int32. */
  speedType?: 'float32' | 'int32';
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: onnx.TypeProto.create({
      tensorType: onnx.TypeProto.Tensor.create({
        elemType,
        shape: onnx.TensorShapeProto.create({
          dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })),
        }),
      }),
    }),
  });
}

function int64Tensor(name: string, values: number[]) {
  return onnx.TensorProto.create({ name, dataType: INT64, dims: [values.length], int64Data: values });
}

function node(opType: string, inputs: string[], outputs: string[], attribute: object[] = []) {
  return onnx.NodeProto.create({ opType, input: inputs, output: outputs, attribute });
}

export function kokoroShapedModel(options: KokoroShapedModelOptions = {}): Uint8Array {
  const tokens = options.tokensInput ?? 'input_ids';
  const output = options.outputName ?? 'waveform';
  const speedIsInt = options.speedType === 'int32';
  const nodes = [
    node('Cast', [tokens], ['ids_f'], [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }]),
    node('Div', ['ids_f', 'token_scale'], ['ids_scaled']),
    node('ReduceMean', ['style'], ['style_mean'], [
      { name: 'axes', type: onnx.AttributeProto.AttributeType.INTS, ints: [1] },
      { name: 'keepdims', type: onnx.AttributeProto.AttributeType.INT, i: 1 },
    ]),
    node('Add', ['ids_scaled', 'style_mean'], ['per_token']),
    ...(speedIsInt
      ? [node('Cast', ['speed'], ['speed_f'], [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }])]
      : []),
    node('Mul', ['per_token', speedIsInt ? 'speed_f' : 'speed'], ['scaled']),
    node('Unsqueeze', ['scaled', 'unsqueeze_axes'], ['column']),
    node('Tile', ['column', 'hop_repeats'], ['blocks']),
    node('Reshape', ['blocks', 'flat_shape'], [output]),
  ];
  const graph = onnx.GraphProto.create({
    name: 'kokoro-shaped',
    node: nodes,
    input: [
      valueInfo(tokens, INT64, [1, 'sequence']),
      valueInfo('style', FLOAT, [1, 256]),
      valueInfo('speed', speedIsInt ? INT32 : FLOAT, [1]),
    ],
    output: [valueInfo(output, FLOAT, ['samples'])],
    initializer: [
      onnx.TensorProto.create({ name: 'token_scale', dataType: FLOAT, dims: [], floatData: [TOKEN_SCALE] }),
      int64Tensor('unsqueeze_axes', [2]),
      int64Tensor('hop_repeats', [1, 1, HOP_SAMPLES]),
      int64Tensor('flat_shape', [-1]),
    ],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: 'castwright-tests',
    opsetImport: [{ domain: '', version: 17 }],
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Writes model.onnx into `modelDir` the way `castwright models pull kokoro` lays it out. */
export async function writeKokoroShapedModel(modelDir: string, options: KokoroShapedModelOptions = {}): Promise<string> {
  await mkdir(modelDir, { recursive: true });
  const file = path.join(modelDir, 'model.onnx');
  await writeFile(file, kokoroShapedModel(options));
  return file;
}

/** The real voice files shipped in the kokoro-js npm package (same bytes as the pinned downloads). */
export function kokoroJsVoicesDir(): string {
  // kokoro-js exports only its entry (dist/kokoro.js); the voices sit beside dist/.
  return fileURLToPath(new URL('../voices', import.meta.resolve('kokoro-js')));
}

/** A model directory as `castwright models pull kokoro` leaves it: the test model plus real voices. */
export async function installKokoroShapedModel(
  modelDir: string,
  options: KokoroShapedModelOptions & { voices?: string[] } = {},
): Promise<void> {
  await writeKokoroShapedModel(modelDir, options);
  await mkdir(path.join(modelDir, 'voices'), { recursive: true });
  for (const voice of options.voices ?? ['af_heart', 'am_adam', 'bf_emma', 'bm_george']) {
    await copyFile(path.join(kokoroJsVoicesDir(), `${voice}.bin`), path.join(modelDir, 'voices', `${voice}.bin`));
  }
}

/** Reads back what the test model was fed: per chunk, the style-row mean it got and its token ids. */
export function decodeKokoroShapedOutput(samples: Float32Array, styleMeans: readonly number[], speed = 1): { row: number; tokens: number[] }[] {
  const blocks: number[] = [];
  for (let start = 0; start < samples.length; start += HOP_SAMPLES) blocks.push((samples[start] as number) / speed);
  const chunks: { row: number; tokens: number[] }[] = [];
  let index = 0;
  while (index < blocks.length) {
    // A chunk starts with a pad (id 0), whose value is the style mean alone.
    const padValue = blocks[index] as number;
    let row = 0;
    for (let candidate = 1; candidate < styleMeans.length; candidate++) {
      if (Math.abs((styleMeans[candidate] as number) - padValue) < Math.abs((styleMeans[row] as number) - padValue)) row = candidate;
    }
    const mean = styleMeans[row] as number;
    const tokens = blocks.slice(index + 1, index + 1 + row).map((value) => Math.round((value - mean) * TOKEN_SCALE));
    chunks.push({ row, tokens });
    index += row + 2;
  }
  return chunks;
}
