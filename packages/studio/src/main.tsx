// The studio's entry: renew the session from its cookie (one request), then draw.
import { render } from 'preact';
import { App } from './app.tsx';
import { renewSession } from './api/session.ts';

void renewSession();
const root = document.getElementById('app') as HTMLElement;
// The "Loading…" line is there for the moments before this script runs; Preact adds to a container, so clear it.
root.replaceChildren();
render(<App />, root);
