// The script `castwright voicing measure` voices: distinct lines of one to three sentences
// (the lengths of a real script's lines, about 5 to 15 seconds each) cut from a passage
// shipped with the program, so the measurement needs nothing from outside and every
// line is its own segment key (a repeated line would be voiced once and measure nothing).

const PASSAGE = [
  'The first lighthouses were fires kept burning on hills above dangerous harbours.',
  'Keepers carried wood and coal up narrow stairs every evening before the sun went down.',
  'Later towers burned oil in lamps with many wicks, and the light was weak and smoky.',
  'A French engineer found that rings of glass could gather a lamp into one strong beam.',
  'His lenses sent light more than twenty miles out to sea on a clear night.',
  'Each lighthouse flashed its own pattern, so a sailor could tell one coast from another.',
  'Some towers stood on rocks so far from land that the keepers stayed for months at a time.',
  'Storms could shake a tower until the cups fell from the shelves in the kitchen.',
  'Fog was the enemy the light could not beat, so horns and bells sounded in the grey.',
  'The keepers wrote down the weather every few hours in a book that went back decades.',
  'Children who grew up in lighthouses learned to row before they learned to ride a bicycle.',
  'Supply boats brought letters, flour and paraffin whenever the sea allowed them to land.',
  'Electric lamps arrived in the last century and made the work lighter for everyone.',
  'Then clockwork and sensors took over, and one by one the keepers left their towers.',
  'Today most lights switch themselves on at dusk and report any fault by radio.',
  'Satellites now tell a ship where it is to within a few metres at any hour.',
  'Yet the old towers still stand, painted in stripes so they can be seen by day.',
  'Many have become museums where visitors climb the stairs the keepers once climbed.',
  'From the gallery at the top the view reaches across the water to the next light.',
  'On a dark night you can still count the flashes and know exactly which coast you see.',
  'Engineers who build offshore towers today study how the old ones survived the waves.',
  'The best of them were made of interlocking stones cut to fit like a puzzle.',
  'Some of those stones weighed more than a car and were lifted by hand cranes.',
  'A tower finished in one summer could stand against the ocean for two hundred years.',
];

/** Words a minute the passage is read at, to size a script of so many minutes. */
const WORDS_PER_MINUTE = 150;

/**
 * About `minutes` of distinct lines for two speakers: line k joins one to three sentences
 * taken with a stride through the passage, each combination once.
 */
export function measureScript(minutes: number): { speaker: 'Host 1' | 'Host 2'; text: string }[] {
  const lines: { speaker: 'Host 1' | 'Host 2'; text: string }[] = [];
  const seen = new Set<string>();
  let words = 0;
  // Bounded: the passage has over a thousand combinations, some three hours of lines.
  for (let k = 0; words < minutes * WORDS_PER_MINUTE && k < 100_000; k++) {
    const size = 1 + (k % 3);
    const stride = 1 + Math.floor(k / PASSAGE.length) % (PASSAGE.length - 1);
    const text = Array.from({ length: size }, (_, part) => PASSAGE[(k + part * stride) % PASSAGE.length] as string).join(' ');
    if (seen.has(text)) continue;
    seen.add(text);
    lines.push({ speaker: lines.length % 2 === 0 ? 'Host 1' : 'Host 2', text });
    words += text.split(/\s+/).length;
  }
  return lines;
}
