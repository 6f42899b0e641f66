export interface AppNavigator {
  navigate: (to: string) => void;
  currentPath: () => string;
}

// Before the router registers itself (or in a test without one) a full page load still gets the
// person where they must go.
const browserNavigator: AppNavigator = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
};

let appNavigator: AppNavigator = browserNavigator;

/**
 * Lets the router take over navigation for code outside React (the API client), so a lost
 * session does not reload the whole app. Kept apart from the API client so registering it does
 * not pull axios into the first download.
 */
export function registerNavigator(next: AppNavigator): () => void {
  appNavigator = next;
  return () => {
    if (appNavigator === next) appNavigator = browserNavigator;
  };
}

export function navigateTo(to: string): void {
  appNavigator.navigate(to);
}

export function currentPath(): string {
  return appNavigator.currentPath();
}
