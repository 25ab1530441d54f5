// The timeline as placed clips. Most lines are a clip of their own, laid after the one
// before with a pause. A line that overlaps another joins that line's clip instead, placed
// at an offset inside it with a gain:
//
//  - a reaction sits under its host line (the nearest line before it that is no reaction),
//    in a pause of it near the word it was written after (reaction-placement.ts), a few dB
//    lower (REACTION_GAIN_DB);
//  - a cut-in starts its overlap before the line before it ends, at full level.
//
// A placed clip is then one piece of the timeline: the mix of its lines (the first at 0,
// the others at their offsets), as long as the latest of them runs. The chunked master
// (assemble-episode.ts) takes placed clips where it took lines, so a chunk holds a line
// with everything mixed under it, a re-render of an edited reaction encodes that one chunk
// again, and the lines around it keep their times. A clip with one line is that line's
// clip unchanged, so a script without overlaps is mastered exactly as before.
import { placeReaction } from './reaction-placement.ts';
import { RenderScriptError } from './render-script-error.ts';
import type { LinePlacement } from './script-timeline.ts';
import type { Pause } from './speech-pauses.ts';
import type { ClipSource } from './timeline-scan.ts';
import { loadClip } from './timeline-scan.ts';
import type { VoicedClip } from './voiced-clip.ts';

/** A reaction is mixed this much under the line it goes under. */
export const REACTION_GAIN_DB = -5;
/** A cut-in overlaps at most this share of the line before it. */
const MAX_CUT_IN_SHARE = 0.4;

export interface PlacedLine {
  speaker: string;
  clip: ClipSource;
  /** How it overlaps the line before it; left out, it follows it. */
  placement?: LinePlacement | undefined;
}

/** Where one line sits inside its placed clip. */
export interface MemberSpan {
  line: number;
  /** From the placed clip's first sample. */
  offsetSamples: number;
  samples: number;
  gainDb: number;
}

export interface PlacedClip {
  /** The speaker of its first line (the pause before it follows that line's). */
  speaker: string;
  /** Its first line's index: the line the pause before it is the pause before. */
  firstLine: number;
  /** The lines it holds, in script order. */
  lines: number[];
  /** The mix, fetched (and mixed) anew each time, as the lines' clips are. */
  clip: () => Promise<VoicedClip>;
  /** Where each of its lines sits: known once the clip has been fetched. */
  spans(): MemberSpan[];
}

const amplitude = (db: number) => 10 ** (db / 20);

/** The placed clips of a script's lines, in order: a new one for every line that overlaps none before it. */
export function placeClips(lines: readonly PlacedLine[]): PlacedClip[] {
  const groups: number[][] = [];
  lines.forEach((line, index) => {
    const current = groups.at(-1);
    if (current && line.placement) current.push(index);
    else groups.push([index]);
  });
  return groups.map((members) => placedClip(lines, members));
}

function placedClip(lines: readonly PlacedLine[], members: number[]): PlacedClip {
  const first = members[0] as number;
  let spans: MemberSpan[] | undefined;
  return {
    speaker: (lines[first] as PlacedLine).speaker,
    firstLine: first,
    lines: members,
    spans: () => {
      if (!spans) throw new Error('A placed clip is laid out when it is first fetched');
      return spans;
    },
    clip: async () => {
      const clips = await Promise.all(members.map((index) => loadClip((lines[index] as PlacedLine).clip)));
      if (members.length === 1) {
        spans = [{ line: first, offsetSamples: 0, samples: (clips[0] as VoicedClip).samples.length, gainDb: 0 }];
        return clips[0] as VoicedClip;
      }
      spans = layOut(lines, members, clips);
      return mix(clips, spans);
    },
  };
}

/** Each member's offset and gain: the first at 0, reactions in pauses of their host line, cut-ins before the line before them ends. */
function layOut(lines: readonly PlacedLine[], members: readonly number[], clips: readonly VoicedClip[]): MemberSpan[] {
  const spans: MemberSpan[] = [];
  const taken = new Map<number, Pause[]>();
  let host = 0;
  members.forEach((line, position) => {
    const clip = clips[position] as VoicedClip;
    const placement = position === 0 ? undefined : (lines[line] as PlacedLine).placement;
    const hostSpan = spans[host];
    if (!placement || !hostSpan) {
      spans.push({ line, offsetSamples: 0, samples: clip.samples.length, gainDb: 0 });
      return;
    }
    if (placement.kind === 'reaction') {
      const hostClip = clips[host] as VoicedClip;
      const spot = placeReaction(hostClip, placement.share, clip.samples.length, taken.get(host) ?? []);
      if (spot.pause) taken.set(host, [...(taken.get(host) ?? []), spot.pause]);
      spans.push({ line, offsetSamples: hostSpan.offsetSamples + spot.offsetSamples, samples: clip.samples.length, gainDb: REACTION_GAIN_DB });
      return;
    }
    const overlap = Math.min(Math.round((placement.overlapMs * clip.sampleRate) / 1000), Math.floor(hostSpan.samples * MAX_CUT_IN_SHARE));
    spans.push({ line, offsetSamples: hostSpan.offsetSamples + hostSpan.samples - overlap, samples: clip.samples.length, gainDb: 0 });
    host = position;
  });
  return spans;
}

/** The lines summed at their offsets and gains. */
function mix(clips: readonly VoicedClip[], spans: readonly MemberSpan[]): VoicedClip {
  const { sampleRate } = clips[0] as VoicedClip;
  clips.forEach((clip, position) => {
    if (clip.sampleRate !== sampleRate) throw new RenderScriptError(`Line ${(spans[position] as MemberSpan).line + 1} is at ${clip.sampleRate} Hz and the line it overlaps at ${sampleRate} Hz`);
  });
  const length = Math.max(...spans.map((span) => span.offsetSamples + span.samples));
  const samples = new Float32Array(length);
  spans.forEach((span, position) => {
    const source = (clips[position] as VoicedClip).samples;
    const gain = amplitude(span.gainDb);
    for (let at = 0; at < source.length; at += 1) samples[span.offsetSamples + at] = (samples[span.offsetSamples + at] as number) + (source[at] as number) * gain;
  });
  return { sampleRate, samples };
}
