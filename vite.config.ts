import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import linguiConfig from './lingui.config.ts';
import { screens } from './scripts/size.ts';
import { catalogParts } from './scripts/vite/catalogParts.ts';
import { earlyStartScript } from './scripts/vite/earlyStart.ts';
import { firstPaint } from './scripts/vite/firstPaint.ts';
import { launchScreen } from './scripts/vite/launchScreen.ts';
import { machineDescriptions } from './scripts/vite/machineDescriptions.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { screenGroups } from './scripts/vite/screenGroups.ts';
import { appStartTemplateId } from './src/app/appStart.ts';

// The signed-in home's and withdraw's own modules in one chunk each (see scripts/vite/screenGroups.ts).
const firstScreens = screenGroups(import.meta.dirname, {
  entries: ['src/app/main.tsx', 'src/app/earlyStart.ts'],
  screens: [
    { name: 'signedInHome', module: 'src/app/routes/-signedInHome.tsx' },
    { name: 'withdraw', module: 'src/app/routes/wallet.withdraw.$asset.$network.tsx' },
  ],
  otherFirstScreens: ['src/app/routes/index.tsx', 'src/app/platform/telegramSession.ts'],
});

/** The libraries every screen runs before it paints, in one chunk. */
const frameworkPackages =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|zod|xstate|@xstate|@lingui)[\\/]/;
/**
 * Their modules no first screen uses (TanStack Query's mutations and parallel queries): left to the
 * screens that import them (−1.2 KiB on every first screen). One that a first screen comes to use
 * is only split off into a chunk of its own, which `npm run size` counts.
 */
const laterFrameworkModules = /[\\/](mutationObserver|useMutation|queriesObserver|useQueries)\.js$/;
/**
 * Small app modules the entry imports that lazy screens import too, which the build would otherwise
 * give chunks of their own (a file and an import more on first screens): the market's codes and
 * patterns (zod only; the route tree's params) and the mini app's expand rule (the start-parameter
 * grammar's too). With the framework, every screen loads them in the file it loads anyway.
 */
const smallSharedModules = /(src[\\/]contract[\\/]p2p-codes|machines[\\/]deepLink[\\/]expandRule)\.ts$/;

// Order matters: the router plugin must see route files first, then Babel
// compiles Lingui macros before React's transform.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels in its component's chunk: both are needed at the same moment,
      // so it costs no extra round trip, and the first screen no longer carries every route's
      // loader (and the queries and contracts they import).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
    }),
    // Each catalog in parts: the first screens' texts, withdraw's own, and the rest, which other routes load.
    catalogParts({
      entries: ['src/app/main.tsx', 'src/app/earlyStart.ts'],
      firstScreenRoutes: (file) => screens.some((screen) => screen.lazySources.some((source) => source.test(file))),
      // Withdraw's flow has more texts than both homes together: they come in a part of their own.
      screenParts: [
        {
          name: 'withdraw',
          routes: (file) =>
            screens.some(
              (screen) => screen.textsPart === 'withdraw' && screen.lazySources.some((source) => source.test(file)),
            ),
          // The steps after the address (and the passcode view they load) bring their texts with
          // them, and so do the screens a gate shows when it refuses and the address book's sheet
          // (each loaded only when shown).
          later: {
            name: 'withdrawLater',
            modules: [
              'src/app/features/withdraw/WithdrawLaterSteps.tsx',
              'src/app/features/withdraw/WithdrawRefusals.tsx',
              'src/app/features/withdraw/AddressBookSheet.tsx',
            ],
          },
        },
      ],
    }),
    // The statecharts' descriptions are for people (docs/statecharts), not for the app's bytes.
    machineDescriptions(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    // What index.html paints before any code: the launch screen, in every locale.
    launchScreen(linguiConfig.locales),
    // The page's early start (the catalog, the mini app's sign-in, the launch screen's locale) as
    // its own async script in index.html.
    earlyStartScript('src/app/earlyStart.ts'),
    // The launch screen paints from the HTML alone; the stylesheets start one frame after it.
    firstPaint({ entry: 'src/app/firstPaint.ts', templateId: appStartTemplateId }),
    firstScreens.plugin,
    // Last: .br and .gz copies of everything the build wrote, for the server to send as they are.
    precompress(),
  ],
  build: {
    outDir: 'dist/app',
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Chunks and assets named by their hash alone: every `import()` lists the chunks it
        // preloads by file name, in the entry, so descriptive names cost about 2 KiB gzip on every
        // first screen. The manifest keeps each chunk's name (`npm run size -- --files` shows it).
        // Seven characters, the fewest rolldown takes for this many chunks (the default is eight):
        // the names are random, so every character saved is about 0.5 KiB gzip on every first screen.
        chunkFileNames: 'assets/[hash:7].js',
        assetFileNames: 'assets/[hash:7][extname]',
        codeSplitting: {
          // What every screen runs before it paints (React, the router, queries,
          // contracts, statecharts, Lingui) in one chunk rather than a dozen: each file gzipped on
          // its own repeats what the others already taught the compressor, and costs a request.
          groups: [
            // The early start and the modules it imports, which the main entry shares, in the early
            // start's one chunk: split among the shared chunks they cost about 1 KiB gzip more on
            // every screen. A module the early start comes to import that is not listed here is
            // only split off again (bytes, not behaviour).
            {
              name: 'earlyStart',
              test: /src[\\/](app[\\/](earlyStart|launchScreen|api[\\/](earlySignIn|earlyRequests|call|http|errors|sessionToken)|lib[\\/](locale|errorReporting)|platform[\\/](languages|launchParams)|routes[\\/]-preloadSignedInHome)|contract[\\/]endpoint)\.ts$/,
            },
            ...firstScreens.groups,
            {
              name: 'framework',
              test: (id: string) =>
                (frameworkPackages.test(id) && !laterFrameworkModules.test(id)) || smallSharedModules.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
  },
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two. The server tests
    // wait on the database as much as they compute, so a worker per core runs the suite in about
    // four fifths of the time (docs/testing.md has the figures).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'tests/app/**/*.test.{ts,tsx}',
            'tests/machines/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/lib/**/*.test.ts',
          ],
          setupFiles: ['tests/app/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
