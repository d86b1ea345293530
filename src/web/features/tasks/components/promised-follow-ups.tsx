import { useQuery } from '@tanstack/react-query';
import { CheckList } from '../../../components/ui/check-list';
import { Spinner } from '../../../components/ui/spinner';
import { purchasePromisesQueryOptions } from '../api/tasks';

/**
 * /success's "Wat gebeurt er nu?" (issue 29, decision 032): the purchase's tasks as promises with
 * their real due day, named matchmaker only when one is assigned, then the tier's other follow-ups.
 */
export function PromisedFollowUps({ sessionId, later }: { sessionId: string; later: readonly string[] }) {
  const promises = useQuery(purchasePromisesQueryOptions(sessionId));
  if (promises.isPending) return <Spinner label="Wat er nu volgt laden..." className="mt-6 items-start" />;
  const items = [...(promises.data?.promises.map((p) => p.text) ?? []), ...later];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="vervolg-titel" className="mt-6">
      <h2 id="vervolg-titel" className="text-lg font-semibold text-stone-900">
        Wat gebeurt er nu?
      </h2>
      <CheckList items={items} className="mt-3" />
    </section>
  );
}
