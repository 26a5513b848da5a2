import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from './precompressAssets';

// The server owns /api and /sandbox; in development Vite forwards them so the app stays same-origin.
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Each screen is a chunk of its own (app/router.tsx); libraries are split by which screens use them,
    // so the sign-in screen downloads the few MUI components it shows, not the whole of MUI.
    rolldownOptions: {
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
});
