import type { ReactNode } from 'react';

/** The page's one <h1> inside a shell, with an optional line under it. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {description && <p className="mt-2 text-stone-700">{description}</p>}
    </div>
  );
}
