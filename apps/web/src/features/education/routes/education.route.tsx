import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { bannerButtonSx, PageBanner } from '../../../components/ui/page-banner';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { decodeRole, useAccessToken } from '../../../lib/token-store';
import { useArticles } from '../api/articles.query';
import { ArticleCard } from '../components/article-card';
import { NoResults } from '../../../components/ui/no-results';
import { PagedList } from '../../../components/ui/paged-list';
import { SearchForm } from '../../../components/ui/search-form';
import { tagLabel } from '../utils/article-text';
import { useAddressSearch } from '../../../lib/address-search.hook';
import { useSetSearchParam } from '../../../lib/search-param.hook';
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

interface NoArticlesProps {
  q: string;
  tag: string;
  onClear: () => void;
}

/** In place of the articles: none match the search or topic, or none are published yet. */
function NoArticles({ q, tag, onClear }: NoArticlesProps) {
  return (
    <NoResults title={emptyText(q, tag)} sx={{ borderRadius: 3 }}>
      {(q || tag) && (
        <>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Try fewer or shorter words, such as “pressure” or “sugar”, or another topic.
          </Typography>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={onClear}>
            Clear the search
          </Button>
        </>
      )}
    </NoResults>
  );
}

/** /education: the published articles, searched and filtered through the address. */
export function EducationRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const search = useAddressSearch();
  const { q } = search;
  const tag = searchParams.get('tag')?.trim() ?? '';
  const isAdmin = decodeRole(useAccessToken()) === 'ADMIN';

  const setSearchParam = useSetSearchParam();
  // A topic is a step of its own: back returns to the list before it.
  const chooseTag = (wanted: string) => setSearchParam('tag', wanted, { replace: false });
  const clearAll = () => {
    search.setText('');
    if (q) search.expectQ('');
    setSearchParams(new URLSearchParams());
  };

  const articles = useArticles(q, tag);
  const items = useMemo(
    () => articles.data?.pages.flatMap((page) => page.items) ?? [],
    [articles.data],
  );
  const fromList = location.pathname + location.search;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'grid', gap: 3 }}>
      <EducationHeader isAdmin={isAdmin} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SearchForm
          search={search}
          label="Search articles"
          maxWidth={460}
          status={articles.isSuccess && items.length > 0 && resultsText(q, tag)}
        />
        <TopicChips tag={tag} onChoose={chooseTag} />
      </Box>
      <PagedList
        pages={articles}
        what="articles"
        loading={<LoadingCards />}
        isEmpty={items.length === 0}
        empty={<NoArticles q={q} tag={tag} onClear={clearAll} />}
        moreButtonSx={{ bgcolor: 'background.paper' }}
      >
        <Box component="section" aria-label="Articles" sx={articleGrid}>
          {items.map((card) => (
            <ArticleCard key={card.slug} card={card} fromList={fromList} />
          ))}
        </Box>
      </PagedList>
    </Box>
  );
}
