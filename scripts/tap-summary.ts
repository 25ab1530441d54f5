// Counts results in tap's TAP output: each named test inside a file is one test
// (second-level test points); a file that fails without any named test counts once.

export function countTapResults(output: string): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  const lines = output.split('\n');
  let fileTests = 0;
  for (const line of lines) {
    const inner = /^ {4}(not ok|ok) \d+/.exec(line);
    if (inner) {
      fileTests++;
      if (inner[1] === 'ok') passed++;
      else failed++;
      continue;
    }
    const file = /^(not ok|ok) \d+ - /.exec(line);
    if (file) {
      if (fileTests === 0) {
        if (file[1] === 'ok') passed++;
        else failed++;
      }
      fileTests = 0;
    }
  }
  return { passed, failed };
}

/** Each test file's duration, from the `# time=` of its top-level test point, slowest first. */
export function fileDurations(output: string): { file: string; ms: number }[] {
  const durations: { file: string; ms: number }[] = [];
  for (const line of output.split('\n')) {
    const point = /^(?:not ok|ok) \d+ - (\S+) # time=([\d.]+)ms/.exec(line);
    if (point) durations.push({ file: point[1] ?? '', ms: Number(point[2]) });
  }
  return durations.sort((a, b) => b.ms - a.ms);
}
