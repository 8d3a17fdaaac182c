import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'kopilka-chain-config-'));

describe('CHAIN_STEP_MS', () => {
  it('defaults to two seconds between withdrawal steps', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).chain).toEqual({ stepMs: 2000 });
  });

  it('takes a whole number of milliseconds from the environment', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir(), CHAIN_STEP_MS: '250' }).chain).toEqual({ stepMs: 250 });
  });

  it('refuses a step that is not a whole number or is too short', () => {
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), CHAIN_STEP_MS: '1.5' })).toThrow(/CHAIN_STEP_MS/);
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), CHAIN_STEP_MS: '0' })).toThrow(/CHAIN_STEP_MS/);
    expect(() => loadConfig({ DATA_DIR: freshDataDir(), CHAIN_STEP_MS: 'soon' })).toThrow(/CHAIN_STEP_MS/);
  });
});
