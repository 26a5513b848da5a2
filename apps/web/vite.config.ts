import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server owns /api and /sandbox; in development Vite forwards them so the app stays same-origin.
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across deploys.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The code editor is fetched only by the screens that show one (components/codeEditor):
            // kept out of `vendor`, which every screen loads.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|crelt|style-mod|w3c-keyname)[\\/]/,
              priority: 2,
            },
            // Read only when a document is chosen in the New API dialog (documentInfo.ts).
            { name: 'yaml', test: /node_modules[\\/]yaml[\\/]/, priority: 2 },
            { name: 'mui', test: /node_modules[\\/]@(mui|emotion)/ },
            { name: 'vendor', test: /node_modules/ },
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
