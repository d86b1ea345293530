import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { LinkComponentProvider } from '../lib/app-link';

/** The root route: the page, scroll restoration, and a spinner while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <LinkComponentProvider value={Link}>
      <Outlet />
      <ScrollRestoration />
      {navigation.state === 'loading' && (
        <div className="pointer-events-none fixed inset-0 z-40 flex animate-fade-in-late items-center justify-center bg-white/60">
          <Spinner className="rounded-2xl bg-white px-8 py-6 shadow-lg" />
        </div>
      )}
    </LinkComponentProvider>
  );
}
