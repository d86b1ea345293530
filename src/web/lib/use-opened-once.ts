import { useState } from 'react';

/**
 * True from the first render in which `isOpen` is: a lazily loaded dialog is mounted once it is first
 * opened and then stays mounted (closed), so it closes as before and gives the focus back to what
 * opened it (decision 047).
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened || isOpen;
}
