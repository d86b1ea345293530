import { SchedulerWidget } from '../../../components/scheduler-widget';

/**
 * A matchmaker page's Calendly scheduler, prefilled with a signed-in visitor's name and e-mail (an
 * island; the browser loads its code apart from the rest, as only matchmaker pages have it).
 */
export function SchedulerSection({
  url,
  matchmakerName,
  visitorName,
  visitorEmail,
}: {
  url: string;
  matchmakerName: string;
  visitorName: string | null;
  visitorEmail: string | null;
}) {
  return (
    <section aria-labelledby="plan-gesprek" className="mt-12">
      <h2 id="plan-gesprek" className="font-serif text-2xl font-bold text-stone-900">
        Plan een kennismaking met {matchmakerName}
      </h2>
      <div className="mt-4 overflow-hidden rounded-2xl border border-stone-200 bg-white">
        <SchedulerWidget url={url} name={visitorName} email={visitorEmail} />
      </div>
    </section>
  );
}
