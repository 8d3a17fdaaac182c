/**
 * A line icon in the text colour: one round-capped, round-joined stroke `path` on a `width` ×
 * `height` canvas (drawn at that size). Decorative: hidden from screen readers.
 */
export function LineIcon({
  width,
  height,
  path,
  strokeWidth,
  className,
}: {
  width: number;
  height: number;
  path: string;
  strokeWidth: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
