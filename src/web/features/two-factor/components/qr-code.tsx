import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn in the browser (uqr, no network): the authenticator app scans it. One path of
 * dark modules, with a quiet zone of four modules.
 */
export function QrCode({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  const { path, dimension } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 4 });
    const parts: string[] = [];
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { path: parts.join(''), dimension: data.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-stone-200 bg-white"
    >
      <rect width={dimension} height={dimension} fill="#fff" />
      <path d={path} fill="#1c1917" />
    </svg>
  );
}
