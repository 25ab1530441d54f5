// The level bars that move with the voice: the audio split into bands an octave wide
// (biquad band-passes, from the low voice to the sibilants), merged as the channels of one
// stream, and drawn by showvolume, one bar per channel, each frame. Flat bars cost the
// encoder little (a waveform's fine detail costs it much), which keeps a whole episode's
// video near the cost of a still picture.
import { VIDEO_FPS, type Box } from './video-layout.ts';

/** Centre frequencies, an octave apart: where a voice's energy moves as it speaks. */
const BANDS_HZ = [125, 200, 320, 500, 800, 1250, 2000, 3200, 5000];

/** The bars' frame (width × height) as showvolume draws it, before it is scaled into the layout's box. */
function barGeometry(box: Box): { length: number; thickness: number; gap: number } {
  const gap = 5;
  const thickness = Math.max(8, Math.floor(box.width / BANDS_HZ.length) - gap);
  return { length: Math.max(80, box.height), thickness, gap };
}

/** Filter graph text turning audio `input` into the bars as video `output` (RGBA, transparent around the bars). */
export function levelBarsFilter(input: string, output: string, box: Box): string {
  const { length, thickness, gap } = barGeometry(box);
  const split = BANDS_HZ.map((_, index) => `[band${index}]`).join('');
  const bands = BANDS_HZ.map((hz, index) => `[band${index}]bandpass=f=${hz}:width_type=o:w=1[level${index}]`).join(';');
  const merged = BANDS_HZ.map((_, index) => `[level${index}]`).join('');
  // Float samples whatever the source (amerge cannot pick a format for nine channels otherwise).
  // Peaks on a linear scale, with gain: speech mastered to -16 LUFS moves the bars over most of their height.
  return `[${input}]aformat=sample_fmts=fltp:channel_layouts=mono,volume=2,asplit=${BANDS_HZ.length}${split};${bands};` +
    `${merged}amerge=inputs=${BANDS_HZ.length},showvolume=r=${VIDEO_FPS}:o=v:w=${length}:h=${thickness}:b=${Math.min(5, gap)}:t=0:v=0:f=0:m=p:ds=lin:c=0xf0ffffff:p=0[${output}]`;
}
