import './account.css';

/**
 * Telegram's avatar colours, picked by user id as Telegram does for people without a photo, each
 * darkened just enough that the white initials read at 3:1 (WCAG AA for large text).
 */
const avatarColours = ['#dd6e74', '#be7f58', '#9283cb', '#609c4c', '#54999a', '#5792be', '#d16b99'];

export function initialsOf(firstName: string, lastName: string | null): string {
  const first = Array.from(firstName.trim())[0] ?? '';
  const last = Array.from(lastName?.trim() ?? '')[0] ?? '';
  return (first + last).toLocaleUpperCase();
}

/**
 * The person's photo, over their initials on a colour of their own: if the photo is missing or
 * fails to load, the initials show.
 */
export function Avatar({
  id,
  firstName,
  lastName,
  photoUrl,
  size = 88,
}: {
  id: number;
  firstName: string;
  lastName: string | null;
  photoUrl: string | null;
  size?: number;
}) {
  const colour = avatarColours[id % avatarColours.length] ?? avatarColours[0];
  return (
    <span
      className="account-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38), background: colour }}
      aria-hidden="true"
    >
      <span>{initialsOf(firstName, lastName)}</span>
      {photoUrl ? (
        <img
          src={photoUrl}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      ) : null}
    </span>
  );
}
