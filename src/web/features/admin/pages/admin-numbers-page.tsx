import { useQuery } from '@tanstack/react-query';
import { MATCH_STATUS_LABELS } from '../../../../shared/domain';
import { formatEuroCents, formatMonth } from '../../../../shared/format';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { agencyStatsQueryOptions } from '../api/admin';
import { BarChart, ColumnChart } from '../components/bar-chart';
import { FunnelTable } from '../components/funnel-table';
import { AdminSection } from '../components/section';

const monthLabel = (month: string) => formatMonth(month, 'short');
const score = (value: number | null, n: number) =>
  value === null ? 'nog geen' : `${value.toLocaleString('nl-NL')} / 5 (${n})`;

/** /admin/cijfers: the agency's numbers as charts. */
export function AdminNumbersPage() {
  usePageTitle('Cijfers');
  const stats = useQuery(agencyStatsQueryOptions);
  return (
    <>
      <PageHeader title="Cijfers" description="Klanten, omzet, matches en tevredenheid van het bureau." />
      {stats.isPending ? (
        <Spinner label="Cijfers laden..." className="items-start" />
      ) : stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <AdminSection title="Klanten per lidmaatschap" id="cijfers-klanten">
            <BarChart
              label="Klanten per lidmaatschap"
              bars={stats.data.clients_by_tier.map((r) => ({
                label: r.tier,
                value: r.count,
                display: String(r.count),
              }))}
            />
          </AdminSection>
          <AdminSection title="Omzet per maand" id="cijfers-omzet">
            <ColumnChart
              label="Omzet per maand, de laatste 12 maanden"
              bars={stats.data.revenue_by_month.map((r) => ({
                label: monthLabel(r.month),
                value: r.amount_total,
                display: formatEuroCents(r.amount_total),
              }))}
            />
            <p className="mt-3 text-sm text-stone-700">
              Totaal:{' '}
              {formatEuroCents(stats.data.revenue_by_month.reduce((sum, r) => sum + r.amount_total, 0))}
            </p>
          </AdminSection>
          <AdminSection title="Matches per status" id="cijfers-matches">
            <BarChart
              label="Matches per status"
              bars={stats.data.matches_by_status.map((r) => ({
                label: MATCH_STATUS_LABELS[r.status],
                value: r.count,
                display: String(r.count),
              }))}
            />
          </AdminSection>
          <AdminSection title="Gemiddelde tevredenheid per matchmaker" id="cijfers-scores">
            {stats.data.ratings_by_matchmaker.length === 0 ? (
              <p className="text-stone-700">Er zijn nog geen matchmakers.</p>
            ) : (
              <div className="flex flex-col gap-5">
                <div>
                  <h3 className="mb-2 font-semibold text-stone-900">Feedback op de matchmaker</h3>
                  <BarChart
                    label="Gemiddelde algemene tevredenheid, feedback op de matchmaker"
                    max={5}
                    bars={stats.data.ratings_by_matchmaker.map((r) => ({
                      label: r.matchmaker_name,
                      value: r.matchmaker_feedback ?? 0,
                      display: score(r.matchmaker_feedback, r.matchmaker_feedback_count),
                    }))}
                  />
                </div>
                <div>
                  <h3 className="mb-2 font-semibold text-stone-900">Intakegesprekken</h3>
                  <BarChart
                    label="Gemiddelde algemene tevredenheid, intakegesprekken"
                    max={5}
                    bars={stats.data.ratings_by_matchmaker.map((r) => ({
                      label: r.matchmaker_name,
                      value: r.intake_feedback ?? 0,
                      display: score(r.intake_feedback, r.intake_feedback_count),
                    }))}
                  />
                </div>
              </div>
            )}
          </AdminSection>
        </div>
      )}
      <div className="mt-6">
        <FunnelTable />
      </div>
    </>
  );
}
