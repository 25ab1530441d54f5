// Where ffmpeg and ffprobe come from, for every role that runs them (the media worker's
// mixing and mastering, the api's check of a custom voice's clip). Paths resolve in
// order: an explicit option (from config), the FFMPEG_PATH / FFPROBE_PATH environment
// variables (how a container points at a system build), then the static builds from
// @ffmpeg-installer / @ffprobe-installer, so a plain `npm install` works.
import { createRequire } from 'node:module';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

function installerPath(packageName: string): string {
  try {
    const { path } = createRequire(import.meta.url)(packageName) as { path: string };
    return path;
  } catch (error) {
    throw new Error(
      `No ${packageName.includes('ffprobe') ? 'ffprobe' : 'ffmpeg'} binary: set FFMPEG_PATH/FFPROBE_PATH or install ${packageName} for this platform`,
      { cause: error },
    );
  }
}

/** Resolves both binaries; the installer packages are loaded only when nothing names a binary. */
export function resolveFfmpegBinaries(explicit: Partial<FfmpegBinaries> = {}, env: NodeJS.ProcessEnv = process.env): FfmpegBinaries {
  return {
    ffmpeg: explicit.ffmpeg || env.FFMPEG_PATH || installerPath('@ffmpeg-installer/ffmpeg'),
    ffprobe: explicit.ffprobe || env.FFPROBE_PATH || installerPath('@ffprobe-installer/ffprobe'),
  };
}
