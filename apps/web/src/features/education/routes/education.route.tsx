import { useCallback, useMemo, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bannerButtonSx, PageBanner } from '../../../components/ui/page-banner';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useArticles } from '../api/articles.query';
import { ArticleCard } from '../components/article-card';
import { LoadError } from '../../../components/ui/load-error';
import { tagLabel } from '../utils/article-text';
import { useSearchText } from '../../../lib/search-text.hook';
import { paths } from '../../../lib/paths';

/** The topics offered as filters: the two families of articles, then the body's systems. */
export const topicTags = [
  'measures',
  'risks',
  'heart',
  'lungs',
  'diabetes',
  'mental-health',
  'medicines',
  'screening',
] as const;

// One column on a phone or a narrow window, two once a card can be 320 px wide, three on a wide
// screen beside the drawer.
export const articleGrid = {
  display: 'grid',
  gap: { xs: 2, sm: 3 },
  gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' },
  '@media (min-width: 720px) and (max-width: 1279.95px)': {
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  },
} as const;

function LoadingCards() {
  return (
    <Box sx={articleGrid} aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ borderRadius: 3 }}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Box sx={{ p: 2.5 }}>
            <Skeleton width="35%" />
            <Skeleton sx={{ fontSize: '1.4rem' }} />
            <Skeleton />
            <Skeleton width="80%" />
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
              <Skeleton variant="rounded" width={64} height={24} />
              <Skeleton variant="rounded" width={64} height={24} />
            </Box>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

function EducationHeader({ isAdmin }: { isAdmin: boolean }) {
  return (
    <PageBanner
      heading="Understand your numbers"
      text="Short, plain-language articles about each measure Vitalia tracks and each risk the assessment asks about, with the public sources they draw on."
      actions={
        isAdmin && (
          <Button
            component={RouterLink}
            to={paths.educationAdmin}
            variant="contained"
            color="inherit"
            startIcon={<EditNoteOutlinedIcon />}
            sx={bannerButtonSx}
          >
            Manage articles
          </Button>
        )
      }
    />
  );
}

interface TopicChipsProps {
  tag: string;
  onChoose: (tag: string) => void;
}

/** The topic filter: one chip per topic, pressed when it filters the list; All clears it. */
function TopicChips({ tag, onChoose }: TopicChipsProps) {
  const shown: string[] = [...topicTags];
  // A tag followed from an article that is not one of the topics still shows what filters.
  if (tag && !shown.includes(tag)) shown.push(tag);
  const chip = (value: string, label: string) => {
    const pressed = value === tag;
    return (
      <Chip
        key={value || 'all'}
        label={label}
        clickable
        color={pressed ? 'primary' : 'default'}
        variant={pressed ? 'filled' : 'outlined'}
        aria-pressed={pressed}
        onClick={() => onChoose(pressed && value ? '' : value)}
        sx={pressed ? undefined : { bgcolor: 'background.paper' }}
      />
    );
  };
  return (
    <Box role="group" aria-label="Topics" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {chip('', 'All topics')}
      {shown.map((value) => chip(value, tagLabel(value)))}
    </Box>
  );
}

function resultsText(q: string, tag: string): string {
  if (q && tag) return `Results for “${q}” in ${tagLabel(tag)}, best match first`;
  if (q) return `Results for “${q}”, best match first`;
  if (tag) return `Articles about ${tagLabel(tag).toLowerCase()}, newest first`;
  return 'All articles, newest first';
}

function emptyText(q: string, tag: string): string {
  if (q && tag) return `No articles about ${tagLabel(tag).toLowerCase()} match “${q}”`;
  if (q) return `No articles match “${q}”`;
  if (tag) return `No articles are tagged ${tagLabel(tag).toLowerCase()} yet`;
  return 'There are no articles yet';
}

/** /education: the published articles, searched and filtered through the address. */
export function EducationRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const q = searchParams.get('q')?.trim() ?? '';
  const tag = searchParams.get('tag')?.trim() ?? '';
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';

  const setQ = useCallback(
    (wanted: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          return next;
        },
        // Typing is one search, not one history entry per pause.
        { replace: true },
      ),
    [setSearchParams],
  );
  const [text, setText, expectQ] = useSearchText(q, setQ);
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    expectQ(text.trim());
    setQ(text.trim());
  };
  const chooseTag = (wanted: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (wanted) next.set('tag', wanted);
      else next.delete('tag');
      return next;
    });
  const clearAll = () => {
    setText('');
    if (q) expectQ('');
    setSearchParams(new URLSearchParams());
  };

  const articles = useArticles(q, tag);
  const items = useMemo(
    () => articles.data?.pages.flatMap((page) => page.items) ?? [],
    [articles.data],
  );
  const fromList = location.pathname + location.search;

  let body;
  if (articles.isPending) {
    body = <LoadingCards />;
  } else if (articles.isError) {
    body = (
      <LoadError
        what="The articles"
        error={articles.error}
        onRetry={() => void articles.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 2, borderRadius: 3 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {emptyText(q, tag)}
        </Typography>
        {(q || tag) && (
          <>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Try fewer or shorter words, such as “pressure” or “sugar”, or another topic.
            </Typography>
            <Button sx={{ mt: 2 }} variant="outlined" onClick={clearAll}>
              Clear the search
            </Button>
          </>
        )}
      </Card>
    );
  } else {
    body = (
      <>
        <Box component="section" aria-label="Articles" sx={articleGrid}>
          {items.map((card) => (
            <ArticleCard key={card.slug} card={card} fromList={fromList} />
          ))}
        </Box>
        {articles.isFetchNextPageError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            More articles could not be loaded. Try again.
          </Alert>
        )}
        {articles.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Button
              variant="outlined"
              size="large"
              onClick={() => void articles.fetchNextPage()}
              loading={articles.isFetchingNextPage}
              sx={{ bgcolor: 'background.paper' }}
            >
              Load more
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'grid', gap: 3 }}>
      <EducationHeader isAdmin={isAdmin} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          component="form"
          role="search"
          onSubmit={searchNow}
          sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <TextField
            type="search"
            label="Search articles"
            value={text}
            onChange={(event) => setText(event.target.value)}
            size="small"
            sx={{ flex: '1 1 260px', maxWidth: { sm: 460 }, bgcolor: 'background.paper' }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography
            variant="body2"
            color="text.secondary"
            aria-live="polite"
            sx={{ flexGrow: 1 }}
          >
            {articles.isSuccess && items.length > 0 && resultsText(q, tag)}
          </Typography>
        </Box>
        <TopicChips tag={tag} onChoose={chooseTag} />
      </Box>
      {body}
    </Box>
  );
}
