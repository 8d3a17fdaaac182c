import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 s.9: "Copy feedback 2000 ms". */
export const copyFeedbackMs = 2000;

/**
 * Puts `text` on the clipboard. The async Clipboard API needs a secure context and, in some
 * webviews, a permission; where it is missing or refuses, a hidden textarea and the legacy
 * `copy` command still work in most Telegram clients. Resolves whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the legacy way below.
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copy with feedback: `copied` is true for 2 s after a successful copy (a second copy restarts
 * the 2 s), so a button can read "Copied" and then go back to "Copy".
 */
export function useCopyFeedback(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(async (text: string) => {
    const done = await copyText(text);
    if (!done) return false;
    if (timer.current !== null) clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setCopied(false);
    }, copyFeedbackMs);
    return true;
  }, []);
  return { copied, copy };
}
