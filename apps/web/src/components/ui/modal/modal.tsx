import { MODAL_CONTENT_Z_OFFSET, MODAL_Z_INDEX } from '@rehabit/contract';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { tabbables, trapTab } from './focus.ts';
import './modal.css';

type ModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Base stacking level; the content sits 10 above it (decision 1310). */
  zIndex?: number;
  size?: 'sm' | 'md' | 'lg';
};

/** A dialog that traps focus, closes on Escape or outside click, and gives focus back when it closes. */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  footer,
  zIndex = MODAL_Z_INDEX,
  size = 'md',
}: ModalProps) {
  const id = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!isOpen) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const content = contentRef.current;
    if (content) {
      const preferred = content.querySelector<HTMLElement>('[data-autofocus]');
      const firstField = tabbables(content).find((element) => !element.classList.contains('modal__close'));
      (preferred ?? firstField ?? content).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // A list or calendar inside the dialog that closed itself on this Escape has used it up.
      if (event.defaultPrevented) return;
      event.stopPropagation();
      onCloseRef.current();
    } else if (event.key === 'Tab' && contentRef.current && trapTab(contentRef.current, event.shiftKey)) {
      event.preventDefault();
    }
  };

  return createPortal(
    <div className="modal" style={{ zIndex }} data-testid="modal-layer">
      {/* The backdrop is a mouse convenience; keyboard users close with Escape or the close button. */}
      <div className="modal__backdrop" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={contentRef}
        className={`modal__content modal__content--${size}`}
        style={{ zIndex: zIndex + MODAL_CONTENT_Z_OFFSET }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={`${id}-title`} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={() => onCloseRef.current()}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        {description && (
          <div id={`${id}-description`} className="modal__description">
            {description}
          </div>
        )}
        {children && <div className="modal__body">{children}</div>}
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
