import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * How a link's page prints, as a record for a clinic's file: black on white, no buttons, each
 * measure's rating and chart kept on one page, tables across the page, headers repeated.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          'html, body': { background: '#fff !important' },
          '*': {
            color: '#000 !important',
            backgroundColor: 'transparent !important',
            boxShadow: 'none !important',
          },
          'button, .MuiButton-root, [data-print="hide"]': { display: 'none !important' },
          '[data-print="measure"]': { breakInside: 'avoid', borderColor: '#000 !important' },
          '[data-print="chart"], tr, h1, h2': { breakInside: 'avoid' },
          // A chart is drawn for the screen's width; printed, it scales to the paper's (the SVG
          // has a viewBox) instead of running off the page.
          '[data-print="chart"] *': { maxWidth: '100% !important' },
          '[data-print="chart"] svg': { width: '100% !important', height: 'auto !important' },
          'h1, h2': { breakAfter: 'avoid' },
          table: { width: '100% !important', borderCollapse: 'collapse' },
          thead: { display: 'table-header-group' },
          'th, td': { borderBottom: '1px solid #000 !important' },
          '.MuiChip-root': { border: '1px solid #000 !important' },
        },
      }}
    />
  );
}
