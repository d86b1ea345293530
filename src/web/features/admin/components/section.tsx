import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A titled card of an admin page. */
export function AdminSection({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="max-sm:p-5!">
      <section aria-labelledby={id}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}
