import Chip from '@mui/material/Chip';
import type { ArticleStatus } from '@vitalia/api/education.contract';

// Pale fills with dark text that clear WCAG AA's 4.5:1; the words carry the meaning.
const looks: Record<ArticleStatus, { label: string; bgcolor: string; color: string }> = {
  published: { label: 'Published', bgcolor: '#e6f4ea', color: '#1b5e20' },
  draft: { label: 'Draft', bgcolor: '#fff1dc', color: '#7a3d00' },
};

export function StatusChip({ status }: { status: ArticleStatus }) {
  const { label, ...colours } = looks[status];
  return <Chip size="small" label={label} sx={{ ...colours, fontWeight: 500 }} />;
}
