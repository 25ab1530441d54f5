import { useTitle } from '../hooks.ts';

export function NotFound() {
  useTitle('Page not found');
  return (
    <section class="narrow">
      <h1>Page not found</h1>
      <p>There is no page at this address. <a href="/">Go to the start page</a>.</p>
    </section>
  );
}
