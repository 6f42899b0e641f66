import { useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-client';
import { httpStatusOf } from '../../../lib/http-status';

/**
 * Ending a share or a link after asking. The thing asked about stays set while the dialog closes,
 * so its words do not change as it fades. A 404 means it was over already (its end date, another
 * device): `onEnded` hears so, and the fresh list shows it as it is.
 */
export function useEndConfirmation<T extends { id: string }>(
  end: (id: string) => Promise<void>,
  onEnded: (ended: T, already: boolean) => void,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const ask = (item: T) => {
    setError(undefined);
    setTarget(item);
    setOpen(true);
  };

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await end(target.id);
      onEnded(target, false);
    } catch (failure) {
      if (httpStatusOf(failure) !== 404) {
        setError(apiErrorMessage(failure));
        return;
      }
      onEnded(target, true);
    } finally {
      setBusy(false);
    }
    setOpen(false);
  };

  return {
    target,
    ask,
    dialog: {
      open,
      busy,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => setOpen(false),
    },
  };
}
