import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import type { Analysis, Urgency } from '@vitalia/health/analysis.model';
import { ReadingChip } from '../../../components/ui/reading-chip';
import { readingColours } from '../../../components/ui/reading-colours';
import { sentence } from './measure-fields';

const urgencyWords: Record<Urgency, string> = {
  now: 'Urgent: act on this now',
  today: 'Act on this today',
};

export type PreviewState =
  | { kind: 'empty'; hint: string }
  | { kind: 'problem'; message: string }
  | { kind: 'rated'; analysis: Analysis };

/**
 * What the reading being typed means, rated by packages/health as the person types, before
 * anything is saved. A polite live region, so a screen reader hears the rating change.
 */
export function InterpretationPreview({ state }: { state: PreviewState }) {
  const tokens = readingColours[state.kind === 'rated' ? state.analysis.colour : 'grey'];
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label="What this reading means"
      sx={{
        borderRadius: 2,
        border: 1,
        borderColor: state.kind === 'rated' ? tokens.main : 'divider',
        bgcolor: state.kind === 'rated' ? tokens.background : 'grey.50',
        px: 2,
        py: 1.75,
        minHeight: 88,
      }}
    >
      <Typography
        variant="overline"
        component="p"
        color="text.secondary"
        sx={{ lineHeight: 1.5, mb: 0.5 }}
      >
        What this reading means
      </Typography>
      {state.kind === 'empty' && (
        <Typography variant="body2" color="text.secondary">
          {state.hint}
        </Typography>
      )}
      {state.kind === 'problem' && (
        <Typography variant="body2" color="text.secondary">
          {sentence(state.message)}.
        </Typography>
      )}
      {state.kind === 'rated' && (
        <>
          {state.analysis.urgency && (
            // Said in words as well as red: what the reading asks of the person, before saving.
            <Typography
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                fontWeight: 600,
                color: tokens.text,
                mb: 1,
              }}
            >
              <ReportProblemOutlinedIcon aria-hidden fontSize="small" />
              {urgencyWords[state.analysis.urgency]}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
            <ReadingChip colour={state.analysis.colour} label={state.analysis.result} />
            {state.analysis.value && (
              <Typography sx={{ fontWeight: 500, color: tokens.text }}>
                {state.analysis.value}
                {state.analysis.unit ? ` ${state.analysis.unit}` : ''}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.primary' }}>
            {state.analysis.advice}
          </Typography>
        </>
      )}
    </Box>
  );
}
