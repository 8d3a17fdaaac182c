import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './sheet.css';

/**
 * A bottom sheet for a choice or a confirmation (a modal dialog): the title, a sentence, and
 * the actions stacked under it. Escape and a tap on the dimmed page close it. Whether it is open
 * is the caller's state (a machine or the URL), never the sheet's own.
 */
export function Sheet({
  open,
  title,
  description,
  details,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** What the sentence is about (a table of amounts), between it and the actions. */
  details?: ReactNode;
  onClose: () => void;
  /** The actions, most important first. */
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="ui-sheet-layer">
      <button type="button" className="ui-sheet-backdrop" tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="ui-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <h2 className="ui-sheet-title" id={titleId}>
          {title}
        </h2>
        {description ? (
          <p className="ui-sheet-description" id={descriptionId}>
            {description}
          </p>
        ) : null}
        {details ? <div className="ui-sheet-details">{details}</div> : null}
        <div className="ui-sheet-actions">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
