import { useEffect } from 'react';

/** Sets document.title to "{title} | Koppel" (or the given full title when `full` is set). */
export function usePageTitle(title: string, options: { full?: boolean } = {}): void {
  const { full = false } = options;
  useEffect(() => {
    document.title = full ? title : `${title} | Koppel`;
  }, [title, full]);
}
