import { preloadFirstPage } from './app/first-page';
import { requestSessionEarly, SESSION_PATH } from './lib/early-session';
import { hasFirstData } from './lib/first-data';
import './styles.css';

// Issue 31: the entry is small. It asks for the session, the app (index.html's modulepreload has
// already asked for it and the vendor chunk: React, the router, the query layer) and the code of
// the page being opened, all at once; the app then finds the session and the page under way. The
// app first: a browser opens few connections per host, and the page's chunks would queue before it.
// A signed-in page's HTML may carry the session already (lib/first-data.ts).
if (!hasFirstData(SESSION_PATH)) requestSessionEarly();
void import('./app-main');
preloadFirstPage(window.location.pathname);
