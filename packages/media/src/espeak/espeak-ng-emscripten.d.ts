// The module @echogarden/espeak-ng-emscripten ships without types: its default export
// starts the Emscripten runtime and gives the module, whose eSpeakNGWorker is eSpeak NG.
declare module '@echogarden/espeak-ng-emscripten' {
  import type { EspeakInstance } from './espeak-ng.ts';

  export default function initialize(): Promise<{ eSpeakNGWorker: new () => EspeakInstance }>;
}
