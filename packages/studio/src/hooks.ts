// Small hooks every page uses: loading a resource, running an action, the session, the title.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { onSessionChange, sessionState, type SessionState } from './api/session.ts';
import { toStudioError, type StudioError } from './api/errors.ts';

export interface Resource<T> {
  data: T | undefined;
  error: StudioError | undefined;
  loading: boolean;
  reload: () => void;
  /** Replaces the loaded value (after a change the page made itself). */
  set: (value: T) => void;
}

/** Loads with `load` whenever `keys` change; a newer load wins over an older one. */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, keys: unknown[]): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(toStudioError(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...keys, round]);
  return { data, error, loading, reload: useCallback(() => setRound((n) => n + 1), []), set: setData };
}

export interface Action<A extends unknown[]> {
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
  error: StudioError | undefined;
  done: string | undefined;
  clear: () => void;
}

/** An action a person starts (a form, a button): busy while it runs, its error in words, an optional success line. */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<string | void>): Action<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StudioError | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (...args: A) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      const message = await latest.current(...args);
      setDone(message ?? undefined);
      return true;
    } catch (failure) {
      setError(toStudioError(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { run, busy, error, done, clear: useCallback(() => (setError(undefined), setDone(undefined)), []) };
}

export function useSession(): SessionState {
  const [state, setState] = useState(sessionState());
  useEffect(() => {
    setState(sessionState());
    return onSessionChange(() => setState(sessionState()));
  }, []);
  return state;
}

/** Sets the document title, so each page is named in history and for screen readers. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Castwright` : 'Castwright';
  }, [title]);
}
