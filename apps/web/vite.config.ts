import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API listens on 127.0.0.1 in development (decision 0424); `localhost` may resolve to ::1 first.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700 },
  server: {
    port: 5173,
    proxy: { '/api': api, '/admin': api },
  },
});
