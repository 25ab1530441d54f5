// How the client commands read the API's answers: a success's body, or the server's error
// as one line for the terminal (`404 Not found: The resource does not exist`).
import { ApiError } from '@castwright/client/castwright-client';

/** The body of a successful answer; anything else throws the server's error body. */
export function check<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined && result.response.ok) return result.data;
  throw new ApiError(result.response.status, result.error);
}

/** Runs a client command, turning an API error into one readable line. */
export async function withOneLineApiErrors<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const short = (error.body as { error?: unknown } | undefined)?.error;
    throw new Error(`${error.status}${typeof short === 'string' ? ` ${short}` : ''}: ${error.message}`, { cause: error });
  }
}
