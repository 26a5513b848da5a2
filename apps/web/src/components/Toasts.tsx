import { GlobalStyles } from '@mui/material';
import { TOAST_AUTO_CLOSE_MS } from '@sandbox/contracts';
import { type Id, ToastContainer, toast } from 'react-toastify';

/**
 * Where top-right toasts start: below the sticky header and the page's title row, whose actions
 * ("Create New API", "+ Invite Member") they would otherwise cover.
 */
const TOP_OFFSET_PX = 144;

/**
 * A success makes earlier errors stale (a failed sign-in, once signing in works): they go. Watched from
 * the moment this module loads, before the container shows the toasts raised while it was on its way
 * (ToastsHost).
 */
function clearErrorsOnSuccess(): void {
  const errors = new Set<Id>();
  toast.onChange((item) => {
    if (item.status === 'removed') errors.delete(item.id);
    else if (item.status === 'added' && item.type === 'error') errors.add(item.id);
    else if (item.status === 'added' && item.type === 'success') for (const id of errors) toast.dismiss(id);
  });
}

clearErrorsOnSuccess();

// spec §9: toasts default to top-right, light theme.
export function Toasts() {
  return (
    <>
      <GlobalStyles
        styles={{
          '.Toastify__toast-container--top-right': { top: TOP_OFFSET_PX },
          // several problems in one message (a CSV's rows) read one per line
          '.Toastify__toast': { whiteSpace: 'pre-line' },
        }}
      />
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" newestOnTop />
    </>
  );
}
