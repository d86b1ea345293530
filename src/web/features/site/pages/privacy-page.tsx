import { usePageTitle } from '../../../lib/use-page-title';
import { PrivacyView } from '../components/privacy-view';
import { pageMetaFor } from '../page-meta';

/** /privacy inside the app (client-side navigation and development); the server prerenders it otherwise. */
export function PrivacyPage() {
  usePageTitle(pageMetaFor({ page: 'privacy', session: null }, window.location.origin).title, { full: true });
  return <PrivacyView />;
}
