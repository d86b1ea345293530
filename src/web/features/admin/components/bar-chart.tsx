/** One bar of a chart: its label, its value and how the value reads. */
export interface Bar {
  label: string;
  value: number;
  display: string;
}

/**
 * A horizontal bar chart in plain HTML and CSS (no script, no CDN): a description list, so a
 * screen reader reads each label with its value; the bars are decoration.
 */
export function BarChart({ bars, label, max: scale }: { bars: readonly Bar[]; label: string; max?: number }) {
  const max = scale ?? Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <dl aria-label={label} className="flex flex-col gap-2.5">
      {bars.map((bar) => (
        <div key={bar.label} className="grid grid-cols-[minmax(6rem,9rem)_1fr] items-center gap-3">
          <dt className="truncate text-sm font-semibold text-stone-700" title={bar.label}>
            {bar.label}
          </dt>
          <dd className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className="h-5 rounded-md bg-brand-700"
              style={{ width: `${Math.max(bar.value > 0 ? 2 : 0, (bar.value / max) * 100) * 0.75}%` }}
            />
            <span className="shrink-0 text-sm font-semibold text-stone-900">{bar.display}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A column chart as inline SVG (revenue per month): the values are also in a visually hidden table. */
export function ColumnChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = 24 * bars.length;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} 110`}
        className="h-48 w-full"
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
      >
        {bars.map((bar, i) => {
          const h = (bar.value / max) * 100;
          return (
            <rect
              key={bar.label}
              x={i * 24 + 4}
              y={100 - h}
              width={16}
              height={Math.max(h, 0.5)}
              rx={2}
              className="fill-brand-700"
            >
              <title>{`${bar.label}: ${bar.display}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={width} y1={100.5} y2={100.5} className="stroke-stone-300" strokeWidth={1} />
      </svg>
      <div
        className="mt-1 grid text-center text-[10px] text-stone-700"
        style={{ gridTemplateColumns: `repeat(${bars.length}, 1fr)` }}
        aria-hidden="true"
      >
        {bars.map((bar) => (
          <span key={bar.label} className="truncate">
            {bar.label.split(' ')[0]}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{bar.display}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
