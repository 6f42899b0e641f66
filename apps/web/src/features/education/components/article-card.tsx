import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ArticleCard as ArticleCardData } from '@vitalia/api/education.contract';
import { formatArticleDate, readingTimeText } from '../utils/article-text';
import { ArticleCover } from './article-cover';
import { TagChip } from './tag-chip';
import { paths } from '../../../lib/paths';

/** The address of an article, with the list it was opened from so its back link returns there. */
export function articleLink(slug: string) {
  return paths.article(slug);
}

export interface FromList {
  /** The list's address (path and query) the article was opened from. */
  fromList: string;
}

// The title's link covers the whole card, so a pointer can click anywhere on it while the
// keyboard and screen readers meet one link; the tags sit above it and stay links of their own.
const stretchedLink = {
  fontWeight: 600,
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:focus-visible': { outline: 'none' },
} as const;

const cardLook = {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  borderRadius: 3,
  transition: 'box-shadow 150ms, transform 150ms',
  '&:hover': { boxShadow: 4, transform: 'translateY(-2px)' },
  '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

function Meta({ card }: { card: ArticleCardData }) {
  const parts = [readingTimeText(card.readingMinutes)];
  if (card.publishedAt) parts.push(formatArticleDate(card.publishedAt, 'short'));
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
      {parts.join(' · ')}
    </Typography>
  );
}

interface ArticleCardProps {
  card: ArticleCardData;
  /** Where the back link of the article leads: the list as it was filtered. */
  fromList?: string;
}

/** One article in the list: cover, reading time, title, summary and tags. */
export function ArticleCard({ card, fromList }: ArticleCardProps) {
  const id = useId();
  return (
    <Card component="article" aria-labelledby={id} variant="outlined" sx={cardLook}>
      <ArticleCover src={card.coverImage} />
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start', p: 2.5 }}>
        <Meta card={card} />
        <Typography id={id} variant="h6" component="h3" sx={{ lineHeight: 1.3 }}>
          <Link
            component={RouterLink}
            to={articleLink(card.slug)}
            state={fromList ? ({ fromList } satisfies FromList) : undefined}
            underline="hover"
            color="text.primary"
            sx={stretchedLink}
          >
            {card.title}
          </Link>
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {card.summary}
        </Typography>
      </CardContent>
      {card.tags.length > 0 && (
        <Box
          sx={{
            position: 'relative',
            zIndex: 1,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.75,
            px: 2.5,
            pb: 2.5,
          }}
        >
          {card.tags.map((tag) => (
            <TagChip key={tag} tag={tag} />
          ))}
        </Box>
      )}
    </Card>
  );
}

/** A smaller card, beside an article: a thumbnail, the title and the reading time. */
export function RelatedArticleCard({ card }: { card: ArticleCardData }) {
  const id = useId();
  return (
    <Card
      component="article"
      aria-labelledby={id}
      variant="outlined"
      sx={{ ...cardLook, flexDirection: 'row', alignItems: 'stretch', borderRadius: 2 }}
    >
      <ArticleCover src={card.coverImage} sx={{ width: 112, flexShrink: 0, aspectRatio: 'auto' }} />
      <Box sx={{ p: 1.5, display: 'grid', gap: 0.5, alignContent: 'center', minWidth: 0 }}>
        <Typography
          id={id}
          variant="subtitle2"
          component="h3"
          sx={{ lineHeight: 1.35, fontSize: '0.95rem' }}
        >
          <Link
            component={RouterLink}
            to={articleLink(card.slug)}
            underline="hover"
            color="text.primary"
            sx={stretchedLink}
          >
            {card.title}
          </Link>
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {readingTimeText(card.readingMinutes)}
        </Typography>
      </Box>
    </Card>
  );
}
