import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './ui.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the one main action of a screen; secondary: tinted; plain: text only; destructive: red. */
  variant?: 'primary' | 'secondary' | 'plain' | 'destructive';
  /** Full width (the bottom action of a screen). */
  stretched?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  stretched = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, stretched ? 'ui-button--stretched' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {children}
    </button>
  );
}
