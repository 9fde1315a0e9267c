import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { viteStaticCopy } from 'vite-plugin-static-copy';

// pdf.js's character maps, standard fonts, colour profiles and decoders, served by us (never from a CDN) at
// /pdfjs/{folder}/: node_modules/pdfjs-dist/ is stripped from their paths.
const pdfjsData = ['cmaps', 'standard_fonts', 'iccs', 'wasm'].map((folder) => ({ src: `../../node_modules/pdfjs-dist/${folder}/**/*`, dest: 'pdfjs', rename: { stripBase: 2 as const } }));

export default defineConfig({
  // A .br and a .gz beside every text file (docs/decisions.md), sent as they are by the server.
  plugins: [
    react(),
    viteStaticCopy({ targets: pdfjsData }),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /^\.vite\//, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    manifest: true,
    // Vite prints every chunk with its gzip size; scripts/check-bundle.ts holds the landing budget.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    // Not /dev: the mail outbox answers this machine only, and through a proxy every visitor would look local.
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
