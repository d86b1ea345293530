import { formatMonth } from '../../../../shared/format';

/** A month label as people read it: "nov" for 2026-11, with the year on January. */
function monthLabel(month: string): string {
  const name = formatMonth(month, 'name');
  return month.endsWith('-01') ? `${name} ${month.slice(2, 4)}` : name;
}

const monthName = (month: string) => formatMonth(month, 'long');

/**
 * Twelve months as bars (SVG, no chart library), with the numbers as a table for screen readers
 * and a value above each bar. A month without a value shows no bar and "–".
 */
export function MonthBarChart({
  title,
  data,
  format = (value) => String(value),
  max,
}: {
  title: string;
  data: { month: string; value: number | null }[];
  format?: (value: number) => string;
  /** The top of the scale (100 for a percentage); else the largest value. */
  max?: number;
}) {
  const top = max ?? Math.max(1, ...data.map((d) => d.value ?? 0));
  const width = 24;
  const gap = 8;
  const height = 120;
  return (
    <figure>
      <figcaption className="mb-2 font-semibold text-stone-900">{title}</figcaption>
      <svg
        viewBox={`0 0 ${data.length * (width + gap)} ${height + 34}`}
        className="h-auto w-full max-w-xl"
        aria-hidden="true"
      >
        {data.map((d, i) => {
          const x = i * (width + gap) + gap / 2;
          const barHeight = d.value === null ? 0 : Math.max(2, (d.value / top) * height);
          return (
            <g key={d.month}>
              {d.value !== null && (
                <rect
                  x={x}
                  y={height + 14 - barHeight}
                  width={width}
                  height={barHeight}
                  rx={3}
                  className="fill-brand-700"
                />
              )}
              <text
                x={x + width / 2}
                y={height + 10 - barHeight}
                textAnchor="middle"
                className="fill-stone-800 text-[10px]"
              >
                {d.value === null ? '–' : format(d.value)}
              </text>
              <text
                x={x + width / 2}
                y={height + 28}
                textAnchor="middle"
                className="fill-stone-700 text-[10px]"
              >
                {monthLabel(d.month)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* A table ignores a 1px width: the wrapper is what stays out of sight and out of the layout. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Maand</th>
              <th scope="col">Waarde</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.month}>
                <th scope="row">{monthName(d.month)}</th>
                <td>{d.value === null ? 'geen gegevens' : format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
