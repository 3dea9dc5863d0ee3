import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@rehabit/contract';
import { ToastContainer } from 'react-toastify/unstyled';
// The unstyled build plus the stylesheet keeps styles out of runtime <style> tags (strict CSP).
import 'react-toastify/ReactToastify.css';
import './toaster.css';

/** Seed §9 toast settings; the library defaults are spelled out so they cannot drift. */
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

export default function RehabitToastContainer() {
  return <ToastContainer {...toasterSettings} />;
}
