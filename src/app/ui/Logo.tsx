import { useLingui } from '@lingui/react/macro';
import './ui.css';

/** Kopilka's mark: a money box (копилка) with a coin going in, in the theme's button colours. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const fill = 'var(--tg-theme-button-text-color)';
  const cut = 'var(--tg-theme-button-color)';
  return (
    <svg className="ui-logo-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="14" fill={cut} />
      <circle cx="24" cy="11.5" r="4.5" fill={fill} />
      <path d="M13.5 20.5 14.5 14.5 19.5 18.5Z" fill={fill} />
      <ellipse cx="23" cy="27.5" rx="13" ry="10" fill={fill} />
      <rect x="33" y="23.5" width="6" height="7.5" rx="2.5" fill={fill} />
      <rect x="15" y="33" width="4.5" height="7" rx="1.8" fill={fill} />
      <rect x="26" y="33" width="4.5" height="7" rx="1.8" fill={fill} />
      <rect x="19" y="19.2" width="9" height="2.6" rx="1.3" fill={cut} />
      <circle cx="30" cy="25" r="1.4" fill={cut} />
    </svg>
  );
}

/** The mark with the product's name beside it (the header) or under it (large). */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  const { t } = useLingui();
  const name = t`Kopilka`;
  return (
    <span className="ui-logo" role="img" aria-label={name}>
      <LogoMark size={size} />
      {withName ? (
        <span className="ui-logo-name" aria-hidden="true">
          {name}
        </span>
      ) : null}
    </span>
  );
}
