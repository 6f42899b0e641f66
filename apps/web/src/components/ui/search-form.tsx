import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { AddressSearch } from '../../lib/address-search.hook';

interface SearchFormProps {
  search: Pick<AddressSearch, 'text' | 'setText' | 'searchNow'>;
  /** The box's label: 'Search products'. */
  label: string;
  /** How wide the box grows beside the status, from a small screen up. */
  maxWidth: number;
  /** What the list shows, read out when it changes: 'Results for “pulse”'. */
  status: ReactNode;
}

/** A list's search box with, beside it, a line that says what the list shows. */
export function SearchForm({ search, label, maxWidth, status }: SearchFormProps) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={search.searchNow}
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        type="search"
        label={label}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        size="small"
        sx={{ flex: '1 1 260px', maxWidth: { sm: maxWidth }, bgcolor: 'background.paper' }}
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
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flexGrow: 1 }}>
        {status}
      </Typography>
    </Box>
  );
}
