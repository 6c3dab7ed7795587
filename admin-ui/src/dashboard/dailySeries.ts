export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  date: string;
  started: number;
  completed: number;
}

const DAY = 86_400_000;

/** The per-day counts with the quiet days between the first and the last filled in with zeros. */
export function dailySeries(days: readonly DayCount[]): DayCount[] {
  if (!days.length) return [];
  const byDate = new Map(days.map((day) => [day.date, day]));
  const sorted = [...byDate.keys()].sort();
  const first = Date.parse(`${sorted[0]}T00:00:00Z`);
  const last = Date.parse(`${sorted.at(-1)}T00:00:00Z`);
  const series: DayCount[] = [];
  for (let t = first; t <= last; t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    series.push(byDate.get(date) ?? { date, started: 0, completed: 0 });
  }
  return series;
}

/** A round top for a chart's axis: 1, 2, 5 or 10 times a power of ten, at least the highest value. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((f) => f * power >= value)!;
  return step * power;
}

/** Each step's share of the first step, as a whole percentage (0 when the first is 0). */
export function funnelShares(counts: readonly number[]): number[] {
  const first = counts[0] ?? 0;
  return counts.map((count) => (first > 0 ? Math.round((count / first) * 100) : 0));
}
