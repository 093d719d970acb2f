import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_CONTACTS, callUrl, whatsappUrl } from '../support-contacts';
import { vibrateForHelp } from './vibrate';
import './help-buttons.css';

/**
 * The floating WhatsApp and call buttons of the public shell (spec §1). They are real links,
 * so they work without JavaScript and the browser, not a timer, opens WhatsApp or the dialler;
 * the vibration starts on the same tap. They step aside while a form field is under them
 * (useOutOfTheWay), so on a phone they never cover what someone is filling in.
 */
export function HelpButtons() {
  const { t } = useTranslation('public');
  const ref = useRef<HTMLElement>(null);
  useOutOfTheWay(ref);
  return (
    <nav ref={ref} className="help-buttons" aria-label={t('help.label')}>
      <a
        className="help-buttons__button help-buttons__button--whatsapp"
        href={whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={vibrateForHelp}
        aria-label={t('help.whatsapp.label', { number: SUPPORT_CONTACTS.whatsapp.display })}
        title={t('help.whatsapp.title')}
      >
        <WhatsAppIcon />
      </a>
      <a
        className="help-buttons__button help-buttons__button--call"
        href={callUrl}
        onClick={vibrateForHelp}
        aria-label={t('help.call.label', { number: SUPPORT_CONTACTS.phone.display })}
        title={t('help.call.title')}
      >
        <PhoneIcon />
      </a>
    </nav>
  );
}

/** What a visitor fills in or presses in a form; the buttons must not sit on any of it. */
const FORM_PARTS = 'input:not([type="hidden"]), select, textarea, .ant-select, form button';

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Hides the buttons (class `help-buttons--aside`) while any form part overlaps them, checked
 * once a frame at most, on scroll, resize, focus and layout changes. The buttons keep their
 * box while hidden, so the check reads where they would be.
 */
function useOutOfTheWay(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const buttons = ref.current;
    if (!buttons) return undefined;
    let frame = 0;
    const check = () => {
      frame = 0;
      const zone = buttons.getBoundingClientRect();
      const covered = Array.from(document.querySelectorAll(FORM_PARTS)).some((part) => {
        if (buttons.contains(part)) return false;
        const box = part.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && overlaps(box, zone);
      });
      buttons.classList.toggle('help-buttons--aside', covered);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const layout = new ResizeObserver(schedule);
    layout.observe(document.body);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('focusin', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      layout.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', schedule);
    };
  }, [ref]);
}

function WhatsAppIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.6 11.6 0 0 0 4.5 3.9c1.6.7 2.3.8 3.1.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3Z"
      />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z"
      />
    </svg>
  );
}
