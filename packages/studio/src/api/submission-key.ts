// One Idempotency-Key per submission of a creating form. The typed client adds a key to
// every call of an operation that takes one and repeats it on its own retries
// (client/src/api-client.ts, retrying-fetch.ts); a key given to it is kept the same way. The
// studio gives its own only to carry a submission across the person's retry: sent again
// unchanged after a failure whose outcome is unknown (the network, a 5xx), it is the same
// request and the server answers it with the first answer instead of creating twice. The
// key is new once the submission succeeded or the form asks for something else (the server
// would refuse the old key with another body: 422).
import { useRef } from 'preact/hooks';
import { toStudioError } from './errors.ts';

export interface Submission {
  /** Runs `send` with the key for `request` (anything that tells two requests apart); a success ends the submission. */
  send<T>(request: unknown, send: (key: { 'idempotency-key': string }) => Promise<T>): Promise<T>;
}

/** What tells two requests apart: JSON, with a file as its name, size and date (its bytes are hashed by the server). */
function fingerprint(request: unknown): string {
  return JSON.stringify(request, (_, value: unknown) => {
    if (value instanceof File) return { file: value.name, size: value.size, lastModified: value.lastModified };
    if (value instanceof FormData) return [...value.entries()];
    return value;
  });
}

/** No answer, a server failure, or the first attempt still running (the client stopped waiting for it). */
const outcomeUnknown = (error: { status: number; message: string }) =>
  error.status === 0 || error.status >= 500 || (error.status === 409 && /idempotency key/i.test(error.message));

export function useSubmission(): Submission {
  const current = useRef<{ fingerprint: string; key: string } | undefined>(undefined);
  return {
    async send(request, send) {
      const print = fingerprint(request);
      if (current.current?.fingerprint !== print) current.current = { fingerprint: print, key: crypto.randomUUID() };
      try {
        const result = await send({ 'idempotency-key': current.current.key });
        current.current = undefined;
        return result;
      } catch (failure) {
        // A refusal is an answer: the server keeps some (a 409 limit, a 404) for the key, so a
        // new attempt after things changed needs a new key. Only an unknown outcome keeps it.
        if (!outcomeUnknown(toStudioError(failure))) current.current = undefined;
        throw failure;
      }
    },
  };
}
