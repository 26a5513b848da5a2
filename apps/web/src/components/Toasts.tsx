import { TOAST_AUTO_CLOSE_MS } from '@sandbox/contracts';
import { ToastContainer } from 'react-toastify';

// spec §9: toasts default to top-right, light theme.
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" newestOnTop />;
}
