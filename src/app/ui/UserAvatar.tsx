import './user-avatar.css';

/**
 * A market user's avatar: the initials of their name on one of Telegram's seven name colours
 * (`user_color_index` 0–6: red, orange, violet, green, cyan, blue, pink). Decorative: the name
 * is always written next to it.
 */
export function UserAvatar({ name, colorIndex, size = 40 }: { name: string; colorIndex: number; size?: number }) {
  return (
    <span
      className={`ui-user-avatar ui-user-avatar--${Math.min(6, Math.max(0, Math.trunc(colorIndex)))}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}

/** "Anna Petrova" → "AP"; "anna" → "A"; nothing letter-like → "?". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  const initials = letters.join('').toUpperCase();
  return initials === '' ? '?' : initials;
}
