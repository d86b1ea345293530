import { usePageTitle } from '../lib/use-page-title';
import { Card } from './ui/card';
import { PageHeader } from './ui/page-header';

/** A page inside a shell whose content follows in a later release. */
export function ComingSoonPage({ title, description }: { title: string; description?: string }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <p className="text-stone-700">Dit onderdeel volgt binnenkort.</p>
      </Card>
    </>
  );
}
