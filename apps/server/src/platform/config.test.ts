import { describe, expect, it } from 'vitest';
import { wantsDemoData } from '../seed/demo';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      brandName: 'Selvedge',
      demoData: 'auto',
      tokenTtlMinutes: 480,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming each bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters long');
    }
  });

  it('treats empty optional variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });
});

describe('wantsDemoData', () => {
  it('loads demo data into the embedded database only, unless asked for', () => {
    expect(wantsDemoData('auto', 'pglite')).toBe(true);
    expect(wantsDemoData('auto', 'postgres')).toBe(false);
    expect(wantsDemoData('always', 'postgres')).toBe(true);
    expect(wantsDemoData('never', 'pglite')).toBe(false);
  });
});
