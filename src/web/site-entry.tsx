import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_DATA_ELEMENT_ID, type SitePageData } from '../shared/site';
import { SiteApp } from './features/site/site-app';
import './styles.css';

const container = document.getElementById('root');
const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
if (!container || !dataElement?.textContent) throw new Error('Missing prerendered page data');
const data = JSON.parse(dataElement.textContent) as SitePageData;

// As a transition, hydration yields to the browser every few milliseconds instead of blocking the
// main thread for the whole page: the page stays responsive while it becomes interactive.
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <SiteApp data={data} />
    </StrictMode>,
  );
});
