import { useQuery } from '@tanstack/react-query';
import { formatMonth } from '../../../../shared/format';
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type FunnelMonth } from '../../../../shared/funnel';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { funnelQueryOptions } from '../api/funnel';
import { AdminSection } from './section';

const monthLabel = (month: string) => formatMonth(month, 'long');
const share = (part: number, whole: number) =>
  whole === 0 ? '' : ` (${Math.round((part / whole) * 100).toLocaleString('nl-NL')}%)`;

/**
 * Issue 29 (decision 032): the funnel per sign-up month, newest first: of the clients who signed up
 * that month, how many have by now paid, had their intake, a first proposal and a first date.
 */
export function FunnelTable() {
  const funnel = useQuery(funnelQueryOptions);
  const rows: FunnelMonth[] = funnel.data ? [...funnel.data.months].reverse() : [];
  const total = Object.fromEntries(
    FUNNEL_STEPS.map((step) => [step, rows.reduce((sum, row) => sum + row[step], 0)]),
  ) as Record<(typeof FUNNEL_STEPS)[number], number>;
  return (
    <AdminSection title="Funnel per maand van aanmelding" id="cijfers-funnel">
      {funnel.isPending ? (
        <Spinner label="Funnel laden..." className="items-start" />
      ) : funnel.isError ? (
        <LoadError error={funnel.error} onRetry={() => void funnel.refetch()} />
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-700">
            Per maand waarin klanten zich aanmeldden: hoeveel van hen tot nu toe betaalden, een intake hadden,
            een eerste voorstel kregen en een eerste date hadden.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard */}
          <section className="overflow-x-auto" tabIndex={0} aria-label="Funnel per maand">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead>
                <tr className="border-b border-stone-200 text-stone-800">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Maand
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <th key={step} scope="col" className="py-2 pr-3 text-right font-semibold">
                      {FUNNEL_STEP_LABELS[step]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.month} className="border-b border-stone-100">
                    <th scope="row" className="py-2 pr-3 font-normal text-stone-800">
                      {monthLabel(row.month)}
                    </th>
                    {FUNNEL_STEPS.map((step) => (
                      <td key={step} className="py-2 pr-3 text-right tabular-nums text-stone-900">
                        {row[step]}
                        {step !== 'signed_up' && row[step] > 0 && (
                          <span className="text-stone-700">{share(row[step], row.signed_up)}</span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold text-stone-900">
                  <th scope="row" className="py-2 pr-3">
                    12 maanden
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <td key={step} className="py-2 pr-3 text-right tabular-nums">
                      {total[step]}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </section>
        </>
      )}
    </AdminSection>
  );
}
