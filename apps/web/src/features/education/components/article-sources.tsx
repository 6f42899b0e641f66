import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ArticleSource } from '@vitalia/api/education.contract';
import { siteOf } from '../utils/article-text';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

/** The public sources an article draws on, each a link to the organisation's page. */
export function ArticleSources({ sources }: { sources: ArticleSource[] }) {
  if (sources.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="article-sources"
      sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="article-sources" variant="h6" component="h3" sx={{ fontWeight: 600 }}>
        Sources
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        This article draws on these public sources. It is general information, not a diagnosis: talk
        to a health professional about your own readings.
      </Typography>
      <Box component="ol" sx={{ pl: 3, mt: 1.5, mb: 0, display: 'grid', gap: 1 }}>
        {sources.map((source) => (
          <li key={`${source.name}|${source.url}`}>
            <Link href={source.url} target="_blank" rel="noopener noreferrer">
              {source.name}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens in a new tab)
              </Box>
            </Link>
            <OpenInNewIcon
              aria-hidden
              sx={{ fontSize: '0.95rem', ml: 0.5, verticalAlign: '-2px', color: 'primary.main' }}
            />
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              · {siteOf(source.url)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
