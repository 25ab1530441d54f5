// Typed access to the WebAssembly global. The repo compiles against lib es2024
// without DOM, and @types/node does not declare WebAssembly, so this declares only
// the two calls we make instead of pulling a DOM lib into every package.

/** A compiled module; opaque to us, cheap to instantiate many times. */
export interface WasmModule {
  readonly __wasmModule: unique symbol;
}

/** An instantiated module; handed straight to WASI. */
export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}

interface WebAssemblyApi {
  compile(bytes: Uint8Array): Promise<WasmModule>;
  Instance: new (module: WasmModule, imports: object) => WasmInstance;
}

const api = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

export const compileWasm = (bytes: Uint8Array): Promise<WasmModule> => api.compile(bytes);

/** Synchronous instantiation: fine off the main thread, and the module is already compiled. */
export const instantiateWasm = (module: WasmModule, imports: object): WasmInstance => new api.Instance(module, imports);
