import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './precompressAssets';

// The server owns /api and /sandbox; in development Vite forwards them so the app stays same-origin.
const serverOrigin = 'http://127.0.0.1:8080';

// react-router's package exports only its development build; its production build, beside it, leaves
// out the warnings the browser never needs.
const reactRouter = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterBuild = (file: string) => join(reactRouter, 'dist/production', file);

// What every screen draws with, the sign-in screen first: MUI's styling engine and the components of the
// signed-out screens. One chunk rather than the dozens of small ones automatic splitting makes, which
// gzip less well (README, first load).
const muiCore = new RegExp(
  [
    'node_modules/(@mui/(system|utils|styled-engine|private-theming)|@emotion|stylis|react-is|hoist-non-react-statics|clsx|@babel)/',
    'node_modules/@mui/material/(styles|transitions|zero-styled|DefaultPropsProvider|colors|CssBaseline|GlobalStyles|Box|Typography|Paper|Link|SvgIcon|ButtonBase|useLazyRipple|Button|CircularProgress|IconButton|Modal|Portal|Unstable_TrapFocus|Backdrop|Fade|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|FormControl|FormLabel|InputLabel|InputBase|TextareaAutosize|OutlinedInput|InputAdornment|FormHelperText)/',
  ].join('|'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), precompressAssets()],
  // in development (`vite`), react-router's own build, with the warnings a developer wants
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ],
        }
      : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each screen is a chunk of its own (app/router.tsx); libraries are split by which screens use them,
    // so the sign-in screen downloads the few MUI components it shows, not the whole of MUI.
    rolldownOptions: {
      // The contracts only declare schemas and constants: a screen gets the ones it imports, not all of them.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/contracts/') },
      output: {
        codeSplitting: {
          groups: [
            // The code editor is fetched only by the screens that show one (components/codeEditor).
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)[\\/]/,
              priority: 2,
            },
            // Read only when a document is chosen in the New API dialog (documentInfo.ts).
            { name: 'yaml', test: /node_modules[\\/]yaml[\\/]/, priority: 2 },
            // What every screen runs and what changes least often: one chunk that stays cached across deploys.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 1,
            },
            { name: 'mui', test: muiCore, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: true },
      '/sandbox': { target: serverOrigin, changeOrigin: true },
    },
  },
}));
