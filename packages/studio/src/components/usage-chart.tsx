// Episodes made per month as a bar chart (SVG, drawn here: no chart library), with the
// same figures as a table for screen readers and anyone who wants the numbers.
import { spokenDuration } from '../format.ts';

export interface UsageMonth {
  month: string;
  episodesCreated: number;
  totalAudioDuration: number;
  costTotal: number;
}

const monthName = (month: string) => new Date(`${month}T00:00:00Z`).toLocaleDateString([], { month: 'short', year: '2-digit', timeZone: 'UTC' });

export function UsageChart({ usage }: { usage: UsageMonth[] }) {
  const months = [...usage].reverse();
  const most = Math.max(1, ...months.map((month) => month.episodesCreated));
  const width = 640;
  const height = 180;
  const bar = width / Math.max(months.length, 1);
  const total = months.reduce((sum, month) => sum + month.episodesCreated, 0);
  return (
    <figure class="usage">
      <svg viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-labelledby="usage-caption">
        {months.map((month, index) => {
          const barHeight = (month.episodesCreated / most) * height;
          return (
            <g key={month.month}>
              <rect x={index * bar + bar * 0.15} y={height - barHeight} width={bar * 0.7} height={Math.max(barHeight, 1)} rx={3} class="bar" />
              {month.episodesCreated > 0 && <text x={index * bar + bar / 2} y={height - barHeight - 4} text-anchor="middle" class="value">{month.episodesCreated}</text>}
              <text x={index * bar + bar / 2} y={height + 16} text-anchor="middle" class="axis">{monthName(month.month)}</text>
            </g>
          );
        })}
      </svg>
      <figcaption id="usage-caption">Episodes made per month over the last {months.length} months: {total} in all.</figcaption>
      <details>
        <summary>Show the figures as a table</summary>
        <table class="list">
          <thead><tr><th scope="col">Month</th><th scope="col">Episodes</th><th scope="col">Audio</th><th scope="col">Cost (USD)</th></tr></thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}><td>{monthName(month.month)}</td><td>{month.episodesCreated}</td><td>{spokenDuration(month.totalAudioDuration)}</td><td>{month.costTotal.toFixed(2)}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
