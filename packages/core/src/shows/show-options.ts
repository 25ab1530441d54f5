// The documented bounds of shows (/api/shows): their fields, their audio parts and the
// levels of the mix. One definition for the api, which checks what is sent, and the
// media worker, which mixes with it.

/** A show's audio parts: `intro` first, `outro` last, `bed` under the conversation, `sting` between sections. */
export const SHOW_PARTS = ['intro', 'outro', 'bed', 'sting'] as const;
export type ShowPartKind = (typeof SHOW_PARTS)[number];

/** How long each part may be: a bed loops under the conversation, a sting is a few seconds. */
export const SHOW_PART_SECONDS: Record<ShowPartKind, { min: number; max: number }> = {
  intro: { min: 1, max: 60 },
  outro: { min: 1, max: 60 },
  bed: { min: 5, max: 300 },
  sting: { min: 0.3, max: 10 },
};

/** An uploaded part: 5 minutes of 48 kHz 16-bit stereo WAV is 58 MB; anything larger is refused (413) as it arrives. */
export const SHOW_PART_MAX_BYTES = 64 * 1024 * 1024;
export const SHOW_PART_MIN_SAMPLE_RATE = 16_000;

/**
 * The artwork, as podcast directories take a show's cover (Apple Podcasts: a square
 * JPEG or PNG in RGB, 1400 to 3000 pixels on a side).
 */
export const SHOW_ARTWORK = { minPixels: 1400, maxPixels: 3000, maxBytes: 10 * 1024 * 1024 } as const;

export const SHOW_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 4000,
  authorMaxLength: 200,
  showsPerAccount: 50,
} as const;

/**
 * Apple Podcasts' top-level categories (`itunes:category text`), the one list podcast
 * apps and directories share.
 */
export const SHOW_CATEGORIES = [
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'Government',
  'Health & Fitness',
  'History',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'Technology',
  'True Crime',
  'TV & Film',
] as const;
export type ShowCategory = (typeof SHOW_CATEGORIES)[number];

/**
 * The levels of a show's mix, in dB against the loudness of the voices it is mixed with
 * (so a show sounds the same whichever engine voices it), and the ducking's speed.
 */
export interface ShowLevels {
  /** The bed while someone speaks. */
  bedSpeechDb: number;
  /** The bed in the pauses, before the first line and after the last of each section. */
  bedGapDb: number;
  /** How fast the bed dips when speech starts (it starts dipping this long before). */
  duckAttackMs: number;
  /** How fast it comes back up once speech stops. */
  duckReleaseMs: number;
  /** The intro, outro and sting. */
  partsDb: number;
}

export const DEFAULT_SHOW_LEVELS: ShowLevels = { bedSpeechDb: -26, bedGapDb: -12, duckAttackMs: 60, duckReleaseMs: 400, partsDb: 0 };

export const SHOW_LEVEL_BOUNDS: Record<keyof ShowLevels, { min: number; max: number }> = {
  bedSpeechDb: { min: -60, max: 0 },
  bedGapDb: { min: -60, max: 0 },
  duckAttackMs: { min: 5, max: 2000 },
  duckReleaseMs: { min: 20, max: 5000 },
  partsDb: { min: -30, max: 10 },
};
