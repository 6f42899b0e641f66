import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/ui/visually-hidden';

/** The heading level the body's biggest heading gets; the page around it owns the levels above. */
export type TopHeadingLevel = 2 | 3 | 4;

interface MarkdownNode {
  type: string;
  depth?: number;
  children?: MarkdownNode[];
}

function headingsOf(node: MarkdownNode, found: MarkdownNode[] = []): MarkdownNode[] {
  if (node.type === 'heading') found.push(node);
  for (const child of node.children ?? []) headingsOf(child, found);
  return found;
}

/**
 * A remark plugin that fits the body's headings under the page's own: the biggest heading used
 * becomes `top`, and each smaller size used the next level down, so a body that starts at ### or
 * skips from ## to #### still gives screen readers an outline without gaps.
 */
function fitOutline(top: TopHeadingLevel) {
  return () => (tree: MarkdownNode) => {
    const headings = headingsOf(tree);
    const depths = [...new Set(headings.map((heading) => heading.depth ?? 1))].sort(
      (a, b) => a - b,
    );
    for (const heading of headings) {
      heading.depth = Math.min(6, top + depths.indexOf(heading.depth ?? 1));
    }
  };
}

const headingLooks: TypographyProps[] = [
  {
    variant: 'h5',
    sx: { fontWeight: 600, mt: 4, mb: 1.5, fontSize: { xs: '1.3rem', sm: '1.5rem' } },
  },
  { variant: 'h6', sx: { fontWeight: 600, mt: 3, mb: 1 } },
  { variant: 'subtitle1', sx: { fontWeight: 700, mt: 2.5, mb: 0.5 } },
];

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

function heading(tag: HeadingTag, top: TopHeadingLevel) {
  const level = Number(tag.slice(1));
  const look = headingLooks[Math.min(level - top, headingLooks.length - 1)] ?? headingLooks[0];
  return function Heading({ children }: { children?: ReactNode }) {
    return (
      <Typography component={tag} {...look}>
        {children}
      </Typography>
    );
  };
}

const sameSite = /^\/(?!\/)/;

function MarkdownLink({ href = '', children }: { href?: string; children?: ReactNode }) {
  if (sameSite.test(href)) {
    return (
      <Link component={RouterLink} to={href}>
        {children}
      </Link>
    );
  }
  if (href.startsWith('#') || href === '') return <Link href={href}>{children}</Link>;
  // Another site: a tab of its own, which can neither reach back into Vitalia nor learn which
  // article sent the reader.
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}

function MarkdownImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  if (typeof src !== 'string' || !src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt ?? ''}
      loading="lazy"
      sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 2, my: 2 }}
    />
  );
}

function componentsFor(top: TopHeadingLevel): Components {
  // Whatever depth the body writes, fitOutline has already moved it to top or below.
  return {
    h1: heading('h2', top),
    h2: heading('h2', top),
    h3: heading('h3', top),
    h4: heading('h4', top),
    h5: heading('h5', top),
    h6: heading('h6', top),
    a: MarkdownLink,
    img: MarkdownImage,
  };
}

interface ArticleMarkdownProps {
  /** The article's body, markdown. Raw HTML in it is shown as text, never run. */
  children: string;
  topHeadingLevel: TopHeadingLevel;
}

/**
 * An article's body. react-markdown builds React elements from the markdown and turns any HTML in
 * it into plain text (no rehype-raw here, on purpose), and its URL check drops javascript: links.
 */
export function ArticleMarkdown({ children, topHeadingLevel }: ArticleMarkdownProps) {
  const plugins = useMemo(() => [fitOutline(topHeadingLevel)], [topHeadingLevel]);
  const components = useMemo(() => componentsFor(topHeadingLevel), [topHeadingLevel]);
  return (
    <Box
      sx={(theme) => ({
        ...theme.typography.body1,
        lineHeight: 1.75,
        color: 'text.primary',
        overflowWrap: 'anywhere',
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li': { mb: 0.75 },
        '& li > p': { my: 0 },
        '& blockquote': {
          m: 0,
          my: 2,
          pl: 2,
          py: 0.5,
          borderLeft: 4,
          borderColor: 'secondary.main',
          bgcolor: '#f1f7f2',
          borderRadius: 1,
        },
        '& code': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.9em',
          bgcolor: '#eef1f6',
          px: 0.5,
          borderRadius: 0.5,
        },
        '& pre': { overflowX: 'auto', bgcolor: '#eef1f6', p: 2, borderRadius: 1 },
        '& pre code': { px: 0, bgcolor: 'transparent' },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
        '& strong': { fontWeight: 600 },
      })}
    >
      <Markdown remarkPlugins={plugins} components={components}>
        {children}
      </Markdown>
    </Box>
  );
}
