import { cn } from '../../lib/cn';
import { CheckIcon } from './icons';

/** A list of short promises or inclusions, each with a check mark. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-2', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-stone-800">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
