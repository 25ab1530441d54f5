// One event stream carrying two followers: the episode's own progress (follow-episode.ts)
// and, with `?media=true`, the making of its videos and clips (follow-videos.ts). The
// stream ends when both are done: the episode at ready or error, and no video left in the
// making. Either follower ending alone only stops its own messages.
import type { ProgressSink } from './follow-episode.ts';

/** Two sinks over one: `end()` of the shared sink runs once both have ended. */
export function sharedSink(sink: ProgressSink): [ProgressSink, ProgressSink] {
  let open = 2;
  const part = (): ProgressSink => {
    let ended = false;
    return {
      send: (message) => {
        if (!ended) sink.send(message);
      },
      end: () => {
        if (ended) return;
        ended = true;
        open -= 1;
        if (open === 0) sink.end();
      },
      onClose: (listener) => sink.onClose(listener),
    };
  };
  return [part(), part()];
}
