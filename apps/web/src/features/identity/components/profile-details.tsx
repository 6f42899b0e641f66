import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Profile } from '@vitalia/api/identity.contract';
import { formatHeight } from '../utils/height.convert';

interface DetailsSectionProps {
  id: string;
  heading: string;
  entries: Array<[label: string, value: string | null]>;
  action?: ReactNode;
}

/** One card of the profile: a heading and its facts as a description list. */
export function DetailsSection({ id, heading, entries, action }: DetailsSectionProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {heading}
          </Typography>
          {action}
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1.5 },
          }}
        >
          {entries.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  mb: { xs: 1.5, sm: 0 },
                  overflowWrap: 'anywhere',
                  color: value ? 'text.primary' : 'text.secondary',
                  fontStyle: value ? 'normal' : 'italic',
                }}
              >
                {value || 'Not given'}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function formatDateOfBirth(dob: string | null): string | null {
  return dob ? dayjs(dob).format('D MMMM YYYY') : null;
}

export function personalEntries(profile: Profile): DetailsSectionProps['entries'] {
  return [
    ['First name', profile.firstName],
    ['Last name', profile.lastName],
    ['Display name', profile.displayname],
    ['Gender', profile.gender],
    ['Date of birth', formatDateOfBirth(profile.dob)],
    ['Height', profile.heightMM === null ? null : formatHeight(profile.heightMM)],
  ];
}

export function contactEntries(profile: Profile): DetailsSectionProps['entries'] {
  return [
    ['Email address', profile.emailAddress],
    ['Phone', profile.phoneNo],
    ['Country', profile.country],
  ];
}
