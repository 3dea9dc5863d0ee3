import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@rehabit/contract';
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
// The unstyled build plus the stylesheet keeps styles out of runtime <style> tags (strict CSP).
import 'react-toastify/ReactToastify.css';
import './toaster.css';

/** The toast settings of decision 1310; the library defaults are spelled out so they cannot drift. */
export const toasterSettings = {
  limit: TOAST_LIMIT,
  draggable: false,
  icon: false,
  toastClassName: 'rehabit-toast',
  autoClose: TOAST_AUTO_CLOSE_MS,
  newestOnTop: true,
  position: 'top-right',
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const;

/**
 * The toast region's name, with its shortcut (Alt+T moves focus to it), in the page's language: staff pages are
 * English, the patient's side says its language on <html lang> (decision 1231). It lives here, not in the patient's
 * strings, because the region serves both sides.
 */
const regionLabels: Record<string, string> = { en: 'Notifications Alt+T', es: 'Notificaciones Alt+T' };
export const regionLabelFor = (language: string) => regionLabels[language.slice(0, 2)] ?? regionLabels.en!;

function subscribeToPageLanguage(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
const pageLanguage = () => document.documentElement.lang;

export default function RehabitToastContainer() {
  const language = useSyncExternalStore(subscribeToPageLanguage, pageLanguage);
  return <ToastContainer {...toasterSettings} aria-label={regionLabelFor(language)} />;
}
