import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * One SVG path drawing every dark module of the matrix, one unit per module: a row's run of
 * dark modules becomes one rectangle, so the path stays short for long addresses.
 */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}

/**
 * A large, high-contrast QR code of `value`, drawn as an inline SVG from the module matrix
 * (black on white whatever the theme, with the quiet zone scanners need). `label` names it;
 * `className` sizes it for its screen.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className: string }) {
  const { size, path } = useMemo(() => {
    // Medium error correction: readable from a slightly blurred or glare-washed screen.
    const qr = encode(value, { ecc: 'M', border: 2 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-modules={size}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
