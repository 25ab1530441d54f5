// The one error a render raises for a problem with the script or its audio (as opposed
// to a failing tool or storage): it says which line, so the episode's error can too.

/** A line could not be rendered; says which one. */
export class RenderScriptError extends Error {
  override name = 'RenderScriptError';
}
