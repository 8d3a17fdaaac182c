// `npm run dev`: the API (restarted by tsx on every server change) and Vite's
// dev server with hot reload, on one origin: the browser talks only to Vite,
// which forwards /api to the API server on the next port up.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 8080);
const apiPort = port + 1;
const apiOrigin = `http://127.0.0.1:${apiPort}`;

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', SERVE_APP: '0' },
});

const vite = await createServer({
  server: {
    port,
    strictPort: true,
    host: process.env.HOST ?? 'localhost',
    // The API, plus the server's own pages: the local login stand-in and mailbox (/local) and
    // the bot's passcode confirmation link (/confirm).
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false, ws: true },
      // A pattern, not a prefix: '/local' alone would also take the app's /locales/ catalogs.
      '^/local/': { target: apiOrigin, changeOrigin: false },
      '^/confirm/': { target: apiOrigin, changeOrigin: false },
    },
  },
});
await vite.listen();
console.log(`\nKopilka (development) is running at http://localhost:${port}  (API on ${apiOrigin})\n`);

async function stop(): Promise<void> {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`The API server exited with code ${code}.`);
});
