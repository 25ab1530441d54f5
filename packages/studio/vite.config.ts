// Vite builds the studio into dist/: index.html, hashed assets under dist/assets/ (served
// immutable by the api), one small entry chunk and a lazy chunk per page.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: 'public',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the studio supports knows <link rel=modulepreload>: no polyfill, no inline script.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // Nothing inlined as data: URLs; the CSP allows only this origin for scripts and styles.
    assetsInlineLimit: 0,
  },
});
