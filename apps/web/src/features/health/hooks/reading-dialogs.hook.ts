import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { HealthReading } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { isOffline } from '../../../lib/offline/network';
import { useDeleteReading } from '../api/delete-reading.mutation';
import type { NoticeSeverity } from '../components/notice-snackbar';

/**
 * Said at once when Correct or Delete is chosen offline: a stored reading is changed only on the
 * server (docs/decisions/0035-offline-readings.md), and a form refused after typing wastes it.
 */
export const offlineCorrectionMessage =
  'Correcting a reading needs a connection, and you are offline. Try again when you are back online.';
export const offlineDeletionMessage =
  'Deleting a reading needs a connection, and you are offline. Try again when you are back online.';

/**
 * Whether the address asked for a dialog when the page opened (`?add=1`), and a way to take the
 * ask out of the address once that dialog closes, so the address no longer asks for it.
 */
function useAddressAsk(name: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [asked] = useState(() => searchParams.get(name) === '1');
  const drop = () => {
    if (!searchParams.has(name)) return;
    setSearchParams(
      (current) => {
        current.delete(name);
        return current;
      },
      { replace: true },
    );
  };
  return [asked, drop] as const;
}

/** The reading form: a new reading (original null) or the correction of one. */
export interface ReadingFormState {
  original: HealthReading | null;
}

/**
 * The dialogs of a measure's page and what opens them: the reading form, the guided blood
 * pressure measurement and the question before a delete. `announce` says what was done.
 */
export function useReadingDialogs(
  measure: MeasureId,
  announce: (text: string, severity?: NoticeSeverity) => void,
) {
  // The dashboard's quick action and empty tiles arrive with ?add=1: the form opens at once.
  const [addAsked, dropAdd] = useAddressAsk('add');
  const [form, setForm] = useState<ReadingFormState | null>(() =>
    addAsked ? { original: null } : null,
  );
  // The blood pressure card on My Health links here with ?guided=1 (guidedBloodPressurePath).
  const [guidedAsked, dropGuided] = useAddressAsk('guided');
  const [guided, setGuided] = useState(() => measure === 'bloodPressure' && guidedAsked);
  const [deleting, setDeleting] = useState<HealthReading | null>(null);
  const deleteCall = useDeleteReading();

  return {
    form,
    guided,
    deleting,
    deleteCall,
    announce,
    openNew: () => setForm({ original: null }),
    openCorrection: (reading: HealthReading) => {
      if (isOffline()) announce(offlineCorrectionMessage, 'info');
      else setForm({ original: reading });
    },
    closeForm: () => {
      setForm(null);
      dropAdd();
    },
    openGuided: () => setGuided(true),
    closeGuided: () => {
      setGuided(false);
      dropGuided();
    },
    askDelete: (reading: HealthReading) => {
      if (isOffline()) {
        announce(offlineDeletionMessage, 'info');
        return;
      }
      deleteCall.reset();
      setDeleting(reading);
    },
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (!deleting) return;
      deleteCall.mutate(deleting, {
        onSuccess: () => {
          setDeleting(null);
          announce('Reading deleted.');
        },
      });
    },
  };
}

export type ReadingDialogsState = ReturnType<typeof useReadingDialogs>;
