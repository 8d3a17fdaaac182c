import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { lockoutMachine } from '../../../../machines/lockout.machine.ts';
import { formatCountdown } from '../../../../machines/passcode/rules.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { PathLink } from '../PathLink.tsx';
import './security-flow.css';

/**
 * Pieces shared by the passcode-confirm and change-passcode screens: the lockout countdown, the
 * "too many attempts" notice with its support link, pasting digits onto a keypad screen, and
 * error toasts from a machine's error code.
 */

export type LockoutRef = ActorRefFrom<typeof lockoutMachine>;

/** The child `lockout` of a machine snapshot, when it runs. */
export function lockoutChild(children: { lockout?: LockoutRef | undefined }): LockoutRef | null {
  return children.lockout ?? null;
}

/** "Try again in hh:mm:ss": the lockout child's seconds, live. */
export function LockoutCountdown({ lockout }: { lockout: LockoutRef }) {
  const seconds = useSelector(lockout, (snapshot) => snapshot.context.secondsLeft);
  const time = formatCountdown(seconds);
  return (
    <div className="security-lockout">
      <p>
        <Trans>Too many wrong attempts. Entry is paused, try again in</Trans>
      </p>
      <p className="security-countdown tabular" role="timer" aria-live="off">
        {time}
      </p>
    </div>
  );
}

/** A 429 without seconds: no more input today; the way out is support (the help section). */
export function TooManyAttempts({ message }: { message: string }) {
  return (
    <div className="security-too-many" role="alert">
      <p>{message}</p>
      <PathLink href="/help">
        <span className="security-link">
          <Trans>Contact support</Trans>
        </span>
      </PathLink>
    </div>
  );
}

/**
 * While `enabled`, a paste anywhere on the page (outside text fields) hands its text to `onPaste`;
 * the machines keep only the digits (spec 001 s.5).
 */
export function usePasteDigits(enabled: boolean, onPaste: (text: string) => void): void {
  const handle = useEffectEvent((event: ClipboardEvent) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    const text = event.clipboardData?.getData('text') ?? '';
    if (text === '') return;
    event.preventDefault();
    onPaste(text);
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: ClipboardEvent) => handle(event);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, [enabled]);
}

/**
 * Shows a machine's error as an error toast (a native alert inside the mini app) each time it
 * appears; `message` is null for errors shown on the screen itself (too many attempts).
 */
export function useErrorToast(message: MessageDescriptor | null): void {
  const { i18n } = useLingui();
  const toasts = useToasts();
  const show = useEffectEvent((descriptor: MessageDescriptor) => toasts.show('error', i18n._(descriptor)));
  useEffect(() => {
    if (message !== null) show(message);
  }, [message]);
}

/** The screen's column: title, dots or boxes, messages, then the keypad at the bottom. */
export function FlowLayout({ children, keypad }: { children: ReactNode; keypad?: ReactNode }) {
  return (
    <div className="security-flow">
      <div className="security-flow-top">{children}</div>
      {keypad ? <div className="security-flow-keypad">{keypad}</div> : null}
    </div>
  );
}
