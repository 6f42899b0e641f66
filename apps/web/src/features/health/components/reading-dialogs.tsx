import type { Profile } from '@vitalia/api/identity.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorMessage } from '../../../lib/api-client';
import type { DisplayUnit } from '../../../readings/format/display-units';
import { measureInSentence, readingText } from '../../../readings/format/reading-format';
import { isPendingReading } from '../../../lib/offline/pending-reading';
import { formatTakenAt } from '../../../readings/format/reading-time';
import type { ReadingDialogsState } from '../hooks/reading-dialogs.hook';
import { GuidedBloodPressureDialog } from './guided-blood-pressure-dialog';
import { ReadingFormDialog } from './reading-form-dialog';

/** A reading kept on the device while offline is saved, but not yet on the server. */
export const waitingNotice = 'Reading saved on this device; it will be sent when you are online.';

interface ReadingDialogsProps {
  measure: MeasureId;
  dialogs: ReadingDialogsState;
  profile: Profile | null;
  profileSettled: boolean;
  unit: DisplayUnit | null;
  onUnitChange: (unit: DisplayUnit) => void;
}

/** The dialogs useReadingDialogs opens. */
export function ReadingDialogs({
  measure,
  dialogs,
  profile,
  profileSettled,
  unit,
  onUnitChange,
}: ReadingDialogsProps) {
  const { form, deleting, deleteCall, announce } = dialogs;
  return (
    <>
      <ReadingFormDialog
        // Only once the profile is known: the height decides whether a BMI starts from a weight,
        // and a form opened from an address (?add=1) must not start before it arrives.
        open={form !== null && profileSettled}
        measure={measure}
        original={form?.original ?? null}
        profile={profile}
        unit={unit}
        onUnitChange={onUnitChange}
        onClose={dialogs.closeForm}
        onSaved={(saved) => {
          announce(
            form?.original
              ? 'Reading corrected.'
              : isPendingReading(saved)
                ? waitingNotice
                : 'Reading saved.',
          );
          dialogs.closeForm();
        }}
      />
      {measure === 'bloodPressure' && (
        <GuidedBloodPressureDialog
          open={dialogs.guided}
          onClose={dialogs.closeGuided}
          onSaved={() => {
            announce('Average saved as your newest reading.');
            dialogs.closeGuided();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this reading?"
        message={
          deleting
            ? `The ${measureInSentence(measure)} reading of ${formatTakenAt(deleting.takenAt)} (${readingText(measure, deleting, unit)}) will be deleted for good.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        busy={deleteCall.isPending}
        error={deleteCall.isError ? apiErrorMessage(deleteCall.error) : undefined}
        onConfirm={dialogs.confirmDelete}
        onCancel={dialogs.cancelDelete}
      />
    </>
  );
}
