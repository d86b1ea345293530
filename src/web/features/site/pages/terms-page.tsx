import { usePageTitle } from '../../../lib/use-page-title';
import { TermsView } from '../components/terms-view';
import { pageMetaFor } from '../page-meta';

/** /voorwaarden inside the app (client-side navigation and development); the server prerenders it otherwise. */
export function TermsPage() {
  usePageTitle(pageMetaFor({ page: 'terms', session: null }, window.location.origin).title, { full: true });
  return <TermsView />;
}
