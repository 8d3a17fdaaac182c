// Writes the branded artwork of each catalogue coin from @web3icons/react to
// src/app/ui/tokenIcons/<CODE>.svg. The app shows these files as images (like the fiat flags), so
// the signed-in home's JavaScript carries no icon components (issue 10); each file is fetched
// when shown and cached. Rerun after updating @web3icons/react: `node scripts/token-icons.ts`;
// `--check` fails when a file differs from what the package draws (run by the unit tests).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import TokenBNB from '@web3icons/react/icons/tokens/TokenBNB';
import TokenBTC from '@web3icons/react/icons/tokens/TokenBTC';
import TokenETH from '@web3icons/react/icons/tokens/TokenETH';
import TokenLTC from '@web3icons/react/icons/tokens/TokenLTC';
import TokenTON from '@web3icons/react/icons/tokens/TokenTON';
import TokenTRX from '@web3icons/react/icons/tokens/TokenTRX';
import TokenUSDC from '@web3icons/react/icons/tokens/TokenUSDC';
import TokenUSDT from '@web3icons/react/icons/tokens/TokenUSDT';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const tokens = {
  BNB: TokenBNB,
  BTC: TokenBTC,
  ETH: TokenETH,
  LTC: TokenLTC,
  TON: TokenTON,
  TRX: TokenTRX,
  USDC: TokenUSDC,
  USDT: TokenUSDT,
};

const outDir = join(import.meta.dirname, '..', 'src', 'app', 'ui', 'tokenIcons');

/** The artwork as a standalone SVG file: the component's markup, sized by its viewBox alone. */
export function tokenSvg(code: keyof typeof tokens): string {
  const markup = renderToStaticMarkup(createElement(tokens[code], { variant: 'branded' }));
  const standalone = markup.includes('xmlns=')
    ? markup
    : markup.replace(/^<svg /, '<svg xmlns="http://www.w3.org/2000/svg" ');
  return `${standalone.replace(/ (width|height)="[^"]*"/g, '').replace(/ class="[^"]*"/g, '')}\n`;
}

function main(): void {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const code of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const file = join(outDir, `${code}.svg`);
    const svg = tokenSvg(code);
    if (!check) writeFileSync(file, svg);
    else if (readFileSync(file, 'utf8') !== svg) stale.push(file);
  }
  if (stale.length > 0) {
    console.error(`Out of date (run node scripts/token-icons.ts): ${stale.join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.main) main();
