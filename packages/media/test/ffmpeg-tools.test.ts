import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { ffmpegCommand, FfmpegError, probeAudio, probeDurationMs, resolveFfmpegToolPaths, runFfmpeg } from '@castwright/media/ffmpeg-tools';

void t.test('binary paths: explicit option, then environment, then the installer packages', async (t) => {
  const installed = resolveFfmpegToolPaths({}, {});
  t.match(installed.ffmpeg, /@ffmpeg-installer.*ffmpeg$/);
  t.match(installed.ffprobe, /@ffprobe-installer.*ffprobe$/);
  t.same(resolveFfmpegToolPaths({}, { FFMPEG_PATH: '/env/ffmpeg', FFPROBE_PATH: '/env/ffprobe' }), { ffmpeg: '/env/ffmpeg', ffprobe: '/env/ffprobe' });
  t.same(resolveFfmpegToolPaths({ ffmpeg: '/opt/ffmpeg' }, { FFMPEG_PATH: '/env/ffmpeg' }), { ffmpeg: '/opt/ffmpeg', ffprobe: installed.ffprobe });
});

void t.test('probes a generated file', async (t) => {
  const file = join(t.testdir(), 'tone.mp3');
  const command = ffmpegCommand()
    .input('sine=frequency=440:duration=1.5:sample_rate=44100')
    .inputFormat('lavfi')
    .audioCodec('libmp3lame')
    .outputOptions(['-metadata', 'title=Tone'])
    .output(file);
  await runFfmpeg(command);
  const probe = await probeAudio(file);
  t.equal(probe.codec, 'mp3');
  t.equal(probe.sampleRate, 44_100);
  t.equal(probe.channels, 1);
  t.equal(probe.tags.title, 'Tone');
  t.ok(Math.abs(probe.durationMs - 1_500) <= 50, `${probe.durationMs} ms`);
  t.equal(await probeDurationMs(file), probe.durationMs);
});

void t.test('failures say what went wrong', async (t) => {
  const junk = join(t.testdir(), 'junk.mp3');
  await writeFile(junk, 'not audio');
  await t.rejects(probeAudio(junk), FfmpegError);
  await t.rejects(runFfmpeg(ffmpegCommand(junk).format('null').output('-')), { name: 'FfmpegError', message: /junk\.mp3/ });
});

void t.test('aborting kills a running ffmpeg', async (t) => {
  const command = ffmpegCommand().input('sine=duration=3600').inputFormat('lavfi').inputOptions(['-re']).format('null').output('-');
  // The input runs for an hour (-re): only the abort can end it before the test's own timeout.
  await t.rejects(runFfmpeg(command, AbortSignal.timeout(300)), { name: 'TimeoutError' });
});
