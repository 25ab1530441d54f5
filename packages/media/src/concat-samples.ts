// Several stretches of mono audio back to back, as one buffer: engines that voice
// long text in pieces (Kokoro chunks, Chatterbox requests) hand back one clip.

export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
