import {
  AssessmentDialog,
  type AssessmentDialogProps,
} from '../../features/assessment/components/assessment-dialog';

/** The main layout's assessment dialog: the assessment feature's questionnaire. */
export function AssessmentDialogSlot(props: AssessmentDialogProps) {
  return <AssessmentDialog {...props} />;
}
