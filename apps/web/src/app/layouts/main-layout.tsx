import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PersonIcon from '@mui/icons-material/Person';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Wordmark } from '../../components/ui/wordmark';
import { flashMessageOf } from '../../lib/flash-message';
import { SignOutQuestion } from '../../lib/offline/sign-out-question';
import { decodeRole, useAccessToken } from '../../lib/token-store';
import { useSignOut } from '../../features/identity/api/logout.mutation';
import { useProfile } from '../../api/profile.query';
import { EmailVerificationBanner } from '../../features/identity/components/email-verification-banner';
import { ProfileAvatar } from '../../features/identity/components/profile-avatar';
import { CartCount, CartLink } from '../../features/store/components/cart-indicators';
import { useRouteHandle } from '../route-handle';
import { drawerWidth } from '../theme';
import { AssessmentDialogSlot } from './assessment-dialog-slot';
import { UrgentReadingsSlot, useUrgentOrUnknown } from './urgent-readings-slot';
import { useHeaderIdentity } from './header-identity';
import { paths } from '../../lib/paths';

interface NavEntry {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only the exact path counts as here; without it '/' would be active on every page. */
  end?: boolean;
  /** Other paths that show the same page (the spec's /app/dashboard is the dashboard). */
  alsoAt?: string[];
}

/** Whether the drawer entry is the page shown: its path, a page under it, or an alias of it. */
function isHere(entry: NavEntry, pathname: string): boolean {
  if (pathname === entry.to || entry.alsoAt?.includes(pathname)) return true;
  return !entry.end && pathname.startsWith(`${entry.to}/`);
}

const profilePath = paths.profile;

const navEntries: NavEntry[] = [
  {
    label: 'Dashboard',
    to: paths.dashboard,
    icon: <DashboardIcon />,
    end: true,
    alsoAt: [paths.dashboardAlias],
  },
  { label: 'Education', to: paths.education, icon: <MenuBookIcon /> },
  { label: 'My Health', to: paths.health, icon: <LocalHospitalIcon /> },
  { label: 'Store', to: paths.store, icon: <StorefrontIcon /> },
  { label: 'Profile', to: profilePath, icon: <PersonIcon /> },
];

const activeEntrySx: SxProps<Theme> = (theme) => ({
  '&.active': {
    backgroundColor: alpha(theme.palette.primary.main, 0.1),
    color: 'primary.main',
    fontWeight: 500,
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
});

interface DrawerContentProps {
  onSignOut: () => void;
  onUpdateHealthData: () => void;
}

function DrawerContent({ onSignOut, onUpdateHealthData }: DrawerContentProps) {
  const { pathname } = useLocation();
  // The whole drawer is the navigation landmark, so its wordmark and button are not stray
  // content outside any landmark.
  return (
    <Box component="nav" aria-label="Main">
      <Toolbar sx={{ px: 2 }}>
        <Wordmark />
      </Toolbar>
      <Divider />
      <List>
        {navEntries.map((entry) => {
          const here = isHere(entry, pathname);
          return (
            <ListItem key={entry.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                className={here ? 'active' : undefined}
                aria-current={here ? 'page' : undefined}
                sx={activeEntrySx}
              >
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
                {entry.to === paths.store && <CartCount />}
              </ListItemButton>
            </ListItem>
          );
        })}
        <ListItem disablePadding>
          <ListItemButton onClick={onSignOut}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Sign out" />
          </ListItemButton>
        </ListItem>
      </List>
      <Box sx={{ px: 2, pt: 1 }}>
        <Button variant="contained" color="secondary" fullWidth onClick={onUpdateHealthData}>
          Update health data
        </Button>
      </Box>
    </Box>
  );
}

/** Spec section 2's main layout: app bar, 250 px drawer and the routed screen. */
export function MainLayout() {
  const theme = useTheme();
  // The spec's wide-screen threshold is the theme's md breakpoint (960 px).
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const location = useLocation();
  const { title } = useRouteHandle();
  const { greetingName, profile } = useHeaderIdentity();
  const profileQuery = useProfile();
  const signOut = useSignOut();
  const accessToken = useAccessToken();
  // Answered or failed; without a token nothing will ask, and offline (paused) nothing will
  // answer, so both count as settled too. A query idle with a token is waiting for the kept
  // queries to be restored, not settled: the page shown then was pushed down by the banner when
  // the profile came (Lighthouse's layout shift of 0.207 on the dashboard, docs/performance.md).
  const profileSettled =
    profileQuery.status !== 'pending' ||
    accessToken === null ||
    profileQuery.fetchStatus === 'paused';

  // Remembering the location the drawer was opened at closes it after any route change without
  // an effect: a new location simply no longer matches.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === location.key;
  const [assessmentOpen, setAssessmentOpen] = useState(false);
  const urgentOrUnknown = useUrgentOrUnknown();
  // Keyed by location like the drawer, so a confirmation closes for good on that page only.
  const [flashClosedAt, setFlashClosedAt] = useState<string | null>(null);
  const flash = flashMessageOf(location.state);

  const closeDrawer = () => setDrawerOpenedAt(null);

  const openAssessment = () => {
    closeDrawer();
    setAssessmentOpen(true);
  };

  const welcome = greetingName ? `Welcome, ${greetingName}` : 'Welcome';
  const drawerContent = <DrawerContent onSignOut={signOut} onUpdateHealthData={openAssessment} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The first stop of the keyboard: past the top bar and the drawer (WCAG 2.4.1). */}
      <Box
        component="a"
        href="#main-content"
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        sx={{
          position: 'fixed',
          top: 8,
          left: 8,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          fontWeight: 500,
          boxShadow: 3,
          transform: 'translateY(-200%)',
          '&:focus': { transform: 'none' },
        }}
      >
        Skip to content
      </Box>
      <AppBar
        position="fixed"
        sx={{ width: { md: `calc(100% - ${drawerWidth}px)` }, ml: { md: `${drawerWidth}px` } }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!isWide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpenedAt(location.key)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Typography
            component="p"
            variant="body2"
            noWrap
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {welcome}
          </Typography>
          <CartLink />
          <IconButton
            component={RouterLink}
            to={paths.account}
            aria-label="Account"
            sx={{ p: 0.5 }}
          >
            <ProfileAvatar profile={profile} />
          </IconButton>
        </Toolbar>
      </AppBar>

      {isWide ? (
        <Drawer
          variant="permanent"
          sx={{ width: drawerWidth, flexShrink: 0 }}
          slotProps={{ paper: { sx: { width: drawerWidth, boxSizing: 'border-box' } } }}
        >
          {drawerContent}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          slotProps={{
            // As an overlay the drawer is a dialog, and a dialog needs a name.
            paper: {
              'aria-label': 'Navigation',
              sx: { width: drawerWidth, boxSizing: 'border-box' },
            },
          }}
        >
          {drawerContent}
        </Drawer>
      )}

      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 2, sm: 3 },
          bgcolor: 'background.default',
          '&:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        {/* Until the profile answers, nobody knows whether the verification banner goes above the
            page. The page mounts at once (its own calls start), but shows only then, so the banner
            never pushes what a person is reading down the screen. */}
        <Box
          data-testid="page-area"
          aria-busy={!profileSettled}
          sx={profileSettled ? undefined : { visibility: 'hidden' }}
        >
          <UrgentReadingsSlot />
          <EmailVerificationBanner />
          <Outlet />
        </Box>
      </Box>

      <AssessmentDialogSlot
        open={assessmentOpen}
        onClose={() => setAssessmentOpen(false)}
        // Not over the registration's profile step (the profile form), never for an administrator,
        // and never over an urgent reading's banner: its call button must stay within reach.
        mayOpenByItself={
          decodeRole(accessToken) !== 'ADMIN' &&
          !urgentOrUnknown &&
          !(location.pathname === profilePath && new URLSearchParams(location.search).has('edit'))
        }
      />

      <Snackbar
        open={flash !== null && flashClosedAt !== location.key}
        autoHideDuration={8000}
        onClose={(_event, reason) => {
          // A click elsewhere on the page is no reason to hide news the person may not have read.
          if (reason !== 'clickaway') setFlashClosedAt(location.key);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setFlashClosedAt(location.key)}
          sx={{ width: '100%' }}
        >
          {flash}
        </Alert>
      </Snackbar>
      <SignOutQuestion />
    </Box>
  );
}
